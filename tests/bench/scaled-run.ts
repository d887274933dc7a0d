import { performance } from 'node:perf_hooks';
import { jsonClient } from './load';
import { PARTS, type Part, type ScaledServers } from './scaled-servers';

/** Big screens polling the trivia's feed (If-None-Match, once a second each) and public ranking readers (every two seconds). */
const SCREENS = 4;
const RANKING_READERS = 2;
/** After the replica starts again, reads are still counted as the fault's for this long. */
const REPLICA_GRACE_MS = 3_000;

interface Fault {
  /** Share of the players in when it starts. */
  at: number;
  name: string;
  run: () => Promise<void>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(0)} ms`);

/**
 * What the scaled run adds to the crowd (docs/scale-out.md): big screens and public ranking readers
 * beside the players, the faults under the crowd (one API process SIGKILLed and started again, the
 * replica stopped and started, the pooler restarted), the replica's lag sampled throughout, and the
 * CPU of each part. Public reads must never fail while the replica is away.
 */
export function scaledRun(
  scaled: ScaledServers,
  latencies: Record<string, number[]>,
  { players, faults, triviaId, say }: { players: number; faults: boolean; triviaId: number; say: (line: string) => void },
) {
  const started = performance.now();
  const since = () => performance.now() - started;
  const schedule: Fault[] = faults
    ? [
        { at: 0.2, name: 'API process 1 SIGKILLed, then `npm start` again on its port', run: () => scaled.faults.killAndRestartApi(0) },
        {
          at: 0.4,
          name: 'replica stopped (pg_ctl stop -m immediate)',
          run: async () => {
            replicaAway = { from: since(), to: undefined };
            await scaled.faults.stopReplica();
          },
        },
        {
          at: 0.55,
          name: 'replica started again (pg_ctl start)',
          run: async () => {
            await scaled.faults.startReplica();
            replicaAway!.to = since() + REPLICA_GRACE_MS;
          },
        },
        { at: 0.75, name: 'PgBouncer restarted (SIGTERM: connections cut; started again on its port)', run: () => scaled.faults.restartPooler() },
      ]
    : [];
  let replicaAway: { from: number; to: number | undefined } | undefined;
  const inReplicaFault = () => replicaAway !== undefined && since() >= replicaAway.from && (replicaAway.to === undefined || since() <= replicaAway.to);
  const timeline: string[] = [];
  const running: Promise<void>[] = [];
  let next = 0;

  // The public side: screens and ranking readers through the balancer, counted apart from the players.
  const publicClient = jsonClient(scaled.entries[0]!.url, SCREENS + RANKING_READERS);
  const publicStatuses: Record<string, number> = {};
  let publicFailuresInReplicaFault = 0;
  let publicReadsInReplicaFault = 0;
  let done = false;
  const poll = async (label: string, path: () => string, everyMs: number, etag?: { value?: string }) => {
    while (!done) {
      const t = performance.now();
      const during = inReplicaFault();
      let status = 'network error';
      try {
        const reply = await publicClient.send('GET', path(), undefined, etag?.value ? { 'If-None-Match': etag.value } : {});
        status = String(reply.status);
        (latencies[label] ??= []).push(performance.now() - t);
        if (etag && reply.status === 200) etag.value = String(reply.headers.etag);
      } catch {
        // counted below
      }
      publicStatuses[status] = (publicStatuses[status] ?? 0) + 1;
      if (during) {
        publicReadsInReplicaFault++;
        if (status !== '200' && status !== '304') publicFailuresInReplicaFault++;
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  const readers = [
    ...Array.from({ length: SCREENS }, () => poll('GET big screen (If-None-Match)', () => `/api/public/screens/trivia/${triviaId}`, 1000, {})),
    ...Array.from({ length: RANKING_READERS }, () => poll('GET public ranking (first 20)', () => `/api/ranking?questionGroupId=${triviaId}&offset=0&limit=20`, 2000)),
  ];
  const lag = scaled.sampleReplicaLag();
  const cpuBefore = scaled.cpu();

  return {
    /** Starts the faults whose share of the players is in. */
    onPlayersIn(playersIn: number) {
      while (next < schedule.length && playersIn >= players * schedule[next]!.at) {
        const fault = schedule[next++]!;
        const at = since();
        const line = timeline.push('') - 1;
        const when = `at ${playersIn.toLocaleString('en')} players (${seconds(at)})`;
        running.push(
          fault.run().then(
            () => void (timeline[line] = `${when}: ${fault.name}; done in ${seconds(since() - at)}`),
            (error) => void (timeline[line] = `${when}: ${fault.name} FAILED: ${error}`),
          ),
        );
      }
    },
    /** Stops the readers and the sampler, waits for the faults, prints the scaled run's own lines; true when a public read failed during the replica's absence. */
    async finish(playersIn: number): Promise<boolean> {
      done = true;
      await Promise.all([...readers, ...running]);
      const cpuAfter = scaled.cpu();
      const lagFigures = await lag.stop();
      publicClient.close();
      if (faults) {
        say('   faults under the crowd:');
        for (const line of timeline) say(`     ${line}`);
      }
      const perPlayer = (part: Part) => (cpuAfter[part] - cpuBefore[part]) / playersIn;
      say(`   CPU per player: ${PARTS.map((part) => `${part} ${perPlayer(part).toFixed(2)} ms`).join(', ')}`);
      say(`   public reads (${SCREENS} big screens every second, ${RANKING_READERS} ranking readers every 2 s): ${Object.entries(publicStatuses).map(([status, n]) => `${status} × ${n.toLocaleString('en')}`).join(', ')}`);
      if (faults) say(`   public reads while the replica was away (and ${REPLICA_GRACE_MS / 1000} s after): ${publicReadsInReplicaFault}, failed ${publicFailuresInReplicaFault}`);
      say(
        `   replica lag (WAL replayed vs the primary's position, every 250 ms, ${lagFigures.samples} samples while it ran): p50 ${ms(lagFigures.p50)}, p99 ${ms(lagFigures.p99)}, max ${ms(lagFigures.max)}; ` +
          `pg_stat_replication replay_lag p50 ${ms(lagFigures.reported.p50)}, p99 ${ms(lagFigures.reported.p99)}, max ${ms(lagFigures.reported.max)}`,
      );
      return publicFailuresInReplicaFault > 0;
    },
  };
}
