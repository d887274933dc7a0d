import { copyFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '../../db/embedded-postgres';
import { ensureDebianPrograms, HAPROXY, PGBOUNCER } from '../support/debian-packages';
import { startHaproxy, type Haproxy } from '../support/haproxy';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer';
import { PRIMARY_SETTINGS, startStreamingReplica, type StreamingReplica } from '../support/streaming-replica';
import { crowdEnvironment, npmStart, type ApiStart } from './crowd-servers';
import { cpuMs, postmasterPid, treeCpuMs } from './process-cpu';
import { percentiles } from './load';

/** The parts whose CPU the scaled run reports, in the order printed. */
export const PARTS = ['API processes', 'PostgreSQL primary', 'PostgreSQL replica', 'PgBouncer', 'HAProxy'] as const;
export type Part = (typeof PARTS)[number];

/** A TCP URL of a cluster (the embedded one's URL may name its Unix socket). */
const overTcp = (url: string) => {
  const parsed = new URL(url);
  parsed.searchParams.delete('host');
  return parsed.toString();
};

/**
 * The scaled topology of docs/scale-out.md on this machine: an embedded PostgreSQL as the primary
 * (deploy/postgresql/primary.conf included), a streaming replica made from it
 * (deploy/postgresql/replica.conf), Debian's PgBouncer in front of the primary
 * (deploy/pgbouncer/pgbouncer.ini), `processes` API processes (`npm start`, each with
 * DATABASE_URL through the pooler, DATABASE_NAMED_STATEMENTS=false, DATABASE_READ_URL at the
 * replica, TRUST_PROXY behind the balancer) and Debian's HAProxy in front of them
 * (deploy/haproxy/haproxy.cfg), health-checking each on GET /api/health.
 */
export async function startScaledServers(processes: number, say: (line: string) => void) {
  ensureDebianPrograms(HAPROXY, PGBOUNCER);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trivia-scaled-'));
  await chmod(dataDir, 0o755);
  /** What is running so far, stopped in reverse order if the start fails or when the run ends. */
  const cleanups: (() => Promise<unknown>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  const apis: ApiStart[] = [];
  cleanups.push(async () => {
    for (const api of apis) {
      if (api.child.exitCode !== null || api.child.signalCode !== null) continue;
      const exited = new Promise((resolve) => api.child.once('exit', resolve));
      process.kill(-api.child.pid!, 'SIGINT');
      await exited;
    }
  });
  try {
    // Copies the postgres user can read wherever the checkout is.
    const primarySettings = path.join(dataDir, 'primary.conf');
    copyFileSync(PRIMARY_SETTINGS, primarySettings);
    const primary = await startEmbeddedPostgres(path.join(dataDir, 'primary'), undefined, { settings: primarySettings });
    cleanups.push(() => primary.stop());
    const primaryCluster = path.join(dataDir, 'primary', 'postgres');
    await ensureDatabase(primary.serverUrl('postgres'), 'trivia');
    const databaseUrl = primary.serverUrl('trivia');
    const replica = await startStreamingReplica({ primaryUrl: overTcp(primary.serverUrl('postgres')), primaryCluster, dir: path.join(dataDir, 'replica') });
    cleanups.push(() => replica.remove(overTcp(primary.serverUrl('postgres'))));
    const pooler = await startPgBouncer(primary.serverUrl('postgres'));
    cleanups.push(() => pooler.stop());
    say(`   primary PostgreSQL (embedded), streaming replica on port ${replica.port}, PgBouncer on port ${pooler.port} (transaction mode)`);

    const env: NodeJS.ProcessEnv = {
      ...crowdEnvironment(dataDir),
      DATABASE_URL: pooler.url('trivia'),
      DATABASE_NAMED_STATEMENTS: 'false',
      DATABASE_READ_URL: replica.url('trivia'),
      TRUST_PROXY: 'true',
    };
    const ports: number[] = [];
    for (let i = 0; i < processes; i++) {
      apis.push(await npmStart(env, say));
      ports.push(Number(new URL(apis[i]!.url).port));
    }
    const balancer = await startHaproxy(ports.map((port) => `127.0.0.1:${port}`));
    cleanups.push(() => balancer.stop());
    say(`   HAProxy at ${balancer.url} in front of ${processes} API process${processes > 1 ? 'es' : ''}`);
    const primaryClient = new pg.Client({ connectionString: databaseUrl });
    await primaryClient.connect();
    cleanups.push(() => primaryClient.end());
    return topology({ dataDir, apis, ports, env, databaseUrl, primaryCluster, replica, pooler, balancer, primaryClient, stopAll });
  } catch (error) {
    await stopAll();
    throw error;
  }
}

interface Running {
  dataDir: string;
  apis: ApiStart[];
  ports: number[];
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  primaryCluster: string;
  replica: StreamingReplica;
  pooler: PgBouncer;
  balancer: Haproxy;
  primaryClient: pg.Client;
  stopAll: () => Promise<void>;
}

function topology({ apis, ports, env, databaseUrl, primaryCluster, replica, pooler, balancer, primaryClient, stopAll }: Running) {
  /** CPU of processes that ended during the run (a killed API process, a stopped replica, a restarted pooler), by part. */
  const spent: Record<Part, number> = { 'API processes': 0, 'PostgreSQL primary': 0, 'PostgreSQL replica': 0, PgBouncer: 0, HAProxy: 0 };

  return {
    /** Where the crowd sends its requests: the balancer. */
    entries: [{ url: balancer.url }],
    apis,
    databaseUrl,
    demoTriviaId: apis[0]!.demoTriviaId,
    /** CPU (ms) of each part since it started, ended processes included. */
    cpu(): Record<Part, number> {
      return {
        'API processes': spent['API processes'] + apis.reduce((sum, api) => sum + cpuMs(api.serverPid), 0),
        'PostgreSQL primary': treeCpuMs(postmasterPid(primaryCluster)),
        'PostgreSQL replica': spent['PostgreSQL replica'] + treeCpuMs(postmasterPid(replica.cluster)),
        PgBouncer: spent.PgBouncer + cpuMs(pooler.pid()),
        HAProxy: cpuMs(balancer.pid),
      };
    },
    /** Resolves when the replica has replayed everything the primary had written when asked. */
    async replicaCaughtUp(timeoutMs = 30_000) {
      const { rows } = await primaryClient.query(`SELECT pg_current_wal_lsn()::text AS lsn`);
      const replicaClient = new pg.Client({ connectionString: replica.url('trivia') });
      await replicaClient.connect();
      try {
        const deadline = Date.now() + timeoutMs;
        while (!(await replicaClient.query(`SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done`, [rows[0].lsn])).rows[0].done) {
          if (Date.now() > deadline) throw new Error('the replica did not catch up');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await replicaClient.end();
      }
    },
    faults: {
      /** SIGKILL to API process `index` (its whole npm start), then `npm start` again on its port. Resolves when it serves again. */
      async killAndRestartApi(index: number) {
        const api = apis[index]!;
        spent['API processes'] += cpuMs(api.serverPid);
        const gone = new Promise((resolve) => api.child.once('exit', resolve));
        process.kill(-api.child.pid!, 'SIGKILL');
        await gone;
        apis[index] = await npmStart(env, () => undefined, ports[index]);
      },
      /** Stopped at once (`pg_ctl stop -m immediate`: connections cut, no checkpoint). */
      async stopReplica() {
        spent['PostgreSQL replica'] += treeCpuMs(postmasterPid(replica.cluster));
        await replica.stop('immediate');
      },
      startReplica: () => replica.start(),
      async restartPooler() {
        spent.PgBouncer += cpuMs(pooler.pid());
        await pooler.restart();
      },
    },
    /** The replica's lag behind the primary, sampled every `everyMs` until `stop()`; samples while the replica is down are not lag. */
    sampleReplicaLag(everyMs = 250) {
      const lags: number[] = [];
      const reported: number[] = [];
      const positions: { at: number; lsn: bigint }[] = [];
      const asNumber = (lsn: string) => {
        const [high, low] = lsn.split('/');
        return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
      };
      let running = true;
      const loop = (async () => {
        const replicaClient = () => new pg.Client({ connectionString: replica.url('trivia'), connectionTimeoutMillis: 1000 });
        let client: pg.Client | undefined;
        while (running) {
          const now = Date.now();
          const [{ lsn, replay_lag }] = (
            await primaryClient.query(
              `SELECT pg_current_wal_lsn()::text AS lsn, (SELECT extract(epoch FROM max(replay_lag)) * 1000 FROM pg_stat_replication) AS replay_lag`,
            )
          ).rows;
          positions.push({ at: now, lsn: asNumber(lsn) });
          if (replay_lag !== null) reported.push(Number(replay_lag));
          try {
            if (!client) {
              client = replicaClient();
              client.on('error', () => undefined);
              await client.connect();
            }
            const { rows } = await client.query(`SELECT pg_last_wal_replay_lsn()::text AS replayed`);
            const replayed = asNumber(rows[0].replayed);
            const behind = positions.find((p) => p.lsn > replayed);
            lags.push(behind ? now - behind.at : 0);
            while (positions.length > 1 && positions[0]!.lsn <= replayed) positions.shift();
          } catch {
            await client?.end().catch(() => undefined);
            client = undefined;
          }
          await new Promise((resolve) => setTimeout(resolve, everyMs));
        }
        await client?.end().catch(() => undefined);
      })();
      return {
        async stop() {
          running = false;
          await loop;
          const [p50, p99] = lags.length ? percentiles(lags, [50, 99]) : [undefined, undefined];
          const [rp50, rp99] = reported.length ? percentiles(reported, [50, 99]) : [undefined, undefined];
          return {
            samples: lags.length,
            p50,
            p99,
            max: lags.length ? Math.max(...lags) : undefined,
            reported: { p50: rp50, p99: rp99, max: reported.length ? Math.max(...reported) : undefined },
          };
        },
      };
    },
    stop: stopAll,
  };
}
export type ScaledServers = ReturnType<typeof topology>;
