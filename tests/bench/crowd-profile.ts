import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryServer } from '../faults/support/server-records';

/**
 * `npm run load -- --profile` (or LOAD_PROFILE=1): where the CPU of a player goes. The API runs
 * with `--cpu-prof` and PostgreSQL with pg_stat_statements (planning tracked, nested statements
 * too), `track_functions` (the triggers' own time) and auto_explain (the plans of statements slower
 * than AUTO_EXPLAIN_MS, nested ones included, written to the run's folder). Only the timed run is
 * counted: the statistics are reset when it starts, and the API's samples are cut to its span.
 * Both sides are printed as ms per player, ten largest first; the profilers' own overhead makes
 * the run's CPU figures a little higher than a plain run's.
 */

export const PROFILE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/load-profile');
const AUTO_EXPLAIN_MS = 100;
const TOP = 10;

/** The settings file the profiled run's PostgreSQL includes. */
export async function profileSettings(): Promise<string> {
  await rm(PROFILE_DIR, { recursive: true, force: true });
  await mkdir(PROFILE_DIR, { recursive: true, mode: 0o755 });
  const file = path.join(PROFILE_DIR, 'profile.conf');
  await writeFile(
    file,
    [
      `shared_preload_libraries = 'pg_stat_statements,auto_explain'`,
      `pg_stat_statements.track = all`,
      `pg_stat_statements.track_planning = on`,
      `pg_stat_statements.max = 2000`,
      `track_functions = all`,
      `auto_explain.log_min_duration = '${AUTO_EXPLAIN_MS}ms'`,
      `auto_explain.log_nested_statements = on`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  return file;
}

/** The node flags of the profiled API process. */
export const profileNodeFlags = () => ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`];

const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** The profile of one run: `begin` when the timed run starts, `end` when it is over. */
export function loadProfile() {
  let span = { from: 0, to: 0 };
  let databaseUrl = '';
  const logLines: string[] = [];
  return {
    /** The server's log lines (auto_explain's plans among them), kept for the run's folder. */
    onLog: (line: string) => void logLines.push(line),
    async begin(url: string) {
      databaseUrl = url;
      await queryServer(databaseUrl, `CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
      await queryServer(databaseUrl, `SELECT pg_stat_statements_reset(), pg_stat_reset()`);
      span = { from: monotonicMicros(), to: 0 };
    },
    end() {
      span.to = monotonicMicros();
    },
    /** PostgreSQL's side, read before the server stops. */
    async postgresLines(players: number, postgresCpuMs: number): Promise<string[]> {
      const statements = await queryServer<{ query: string; calls: string; ms: number; plan_ms: number }>(
        databaseUrl,
        `SELECT query, calls, total_exec_time + total_plan_time AS ms, total_plan_time AS plan_ms
           FROM pg_stat_statements WHERE toplevel AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          ORDER BY ms DESC`,
      );
      const functions = await queryServer<{ funcname: string; calls: string; self_time: number; total_time: number }>(
        databaseUrl,
        `SELECT funcname, calls, self_time, total_time FROM pg_stat_user_functions
          WHERE funcname NOT LIKE 'pg_stat_statements%' AND total_time >= 0.01 * (SELECT max(total_time) FROM pg_stat_user_functions)
          ORDER BY total_time DESC LIMIT 5`,
      );
      const [nested] = await queryServer<{ ms: number }>(databaseUrl, `SELECT coalesce(sum(total_exec_time), 0) AS ms FROM pg_stat_statements WHERE NOT toplevel`);
      await writeFile(path.join(PROFILE_DIR, 'postgres.log'), logLines.join('\n'));
      await writeFile(
        path.join(PROFILE_DIR, 'statements.txt'),
        statements.map((s) => `${(s.ms / players).toFixed(3)} ms\t${(Number(s.calls) / players).toFixed(2)} calls\t${s.query.replace(/\s+/g, ' ')}`).join('\n'),
      );
      const explained = logLines.filter((line) => line.includes('duration:') && line.includes('plan:')).length;
      const total = statements.reduce((sum, s) => sum + s.ms, 0);
      const perPlayer = (ms: number) => (ms / players).toFixed(3);
      return [
        `PostgreSQL: the ${TOP} largest statements by time per player (execution and planning, their triggers included, a lock's wait too); all statements ${perPlayer(total)} ms, the server's CPU ${perPlayer(postgresCpuMs)} ms`,
        ...statements.slice(0, TOP).map((s, i) =>
          row(i + 1, perPlayer(s.ms), `${(Number(s.calls) / players).toFixed(2)} calls`, `plan ${perPlayer(s.plan_ms)}`, shortSql(s.query)),
        ),
        `   their triggers' functions (total, of which own), per player; every nested statement ${perPlayer(nested?.ms ?? 0)} ms:`,
        ...functions.map((f) => `     ${f.funcname}: ${perPlayer(f.total_time)} ms (own ${perPlayer(f.self_time)} ms), ${(Number(f.calls) / players).toFixed(2)} calls`),
        `   auto_explain: ${explained} plans of statements over ${AUTO_EXPLAIN_MS} ms in ${path.relative(process.cwd(), path.join(PROFILE_DIR, 'postgres.log'))}; every statement in statements.txt there`,
      ];
    },
    /** The API's side, read once its process has exited (V8 writes the profile then). */
    async apiLines(players: number, apiCpuMs: number, serverPid: number | undefined): Promise<string[]> {
      const file = (await readdir(PROFILE_DIR)).find((name) => name.endsWith('.cpuprofile') && name.split('.').includes(String(serverPid)));
      if (!file) return [`API: no CPU profile of process ${serverPid} in ${PROFILE_DIR}`];
      const costs = await selfTimes(path.join(PROFILE_DIR, file), span);
      const sampled = [...costs.values()].reduce((sum, c) => sum + c.ms, 0);
      const byModule = new Map<string, number>();
      for (const cost of costs.values()) byModule.set(cost.module, (byModule.get(cost.module) ?? 0) + cost.ms);
      const perPlayer = (ms: number) => (ms / players).toFixed(3);
      const top = [...costs.values()].sort((a, b) => b.ms - a.ms).slice(0, TOP);
      const modules = [...byModule].sort((a, b) => b[1] - a[1]).slice(0, TOP);
      return [
        `API: the ${TOP} largest functions by self time per player; main thread sampled ${perPlayer(sampled)} ms of ${perPlayer(apiCpuMs)} ms CPU (${file})`,
        ...top.map((c, i) => row(i + 1, perPlayer(c.ms), c.name, c.module)),
        `API: the ${TOP} largest modules by self time per player`,
        ...modules.map(([module, ms], i) => row(i + 1, perPlayer(ms), module)),
      ];
    },
  };
}
export type LoadProfile = ReturnType<typeof loadProfile>;

const row = (rank: number, ms: string, ...rest: string[]) => `   ${String(rank).padStart(2)}. ${ms.padStart(6)} ms  ${rest.join('  ')}`;

/** A statement on one line, cut to fit. */
const shortSql = (query: string) => {
  const line = query.replace(/\s+/g, ' ').trim();
  return line.length > 110 ? `${line.slice(0, 107)}...` : line;
};

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time (ms) per function of a V8 CPU profile, over the samples taken in `span` (µs of the
 * monotonic clock, which V8's timestamps share); the bundle's functions are named by their source
 * through its source map, a package's by the package. The idle samples are left out.
 */
async function selfTimes(file: string, span: { from: number; to: number }) {
  const profile: CpuProfile = JSON.parse(await readFile(file, 'utf8'));
  const maps = new Map<string, SourceMap | null>();
  const sourceMapOf = async (url: string) => {
    if (!maps.has(url)) maps.set(url, await readFile(`${fileURLToPath(url)}.map`, 'utf8').then((text) => new SourceMap(JSON.parse(text)), () => null));
    return maps.get(url) ?? null;
  };
  const nodeCost = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i]!;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    if (at >= span.from && at <= span.to) nodeCost.set(id, (nodeCost.get(id) ?? 0) + delta);
  });
  const costs = new Map<string, { name: string; module: string; ms: number }>();
  for (const node of profile.nodes) {
    const micros = nodeCost.get(node.id);
    if (!micros || node.callFrame.functionName === '(idle)') continue;
    const { name, module } = await placeOf(node.callFrame, sourceMapOf);
    const key = `${name} ${module}`;
    const cost = costs.get(key) ?? { name, module, ms: 0 };
    cost.ms += micros / 1000;
    costs.set(key, cost);
  }
  return costs;
}

async function placeOf(frame: CpuProfile['nodes'][number]['callFrame'], sourceMapOf: (url: string) => Promise<SourceMap | null>) {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return { name, module: '(V8)' };
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1];
  if (packageName) return { name, module: packageName };
  if (!frame.url.startsWith('file:')) return { name, module: frame.url.replace(/^node:internal\/.*/, 'node:internal') };
  const entry = (await sourceMapOf(frame.url))?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry || !('originalSource' in entry)) return { name, module: path.relative(process.cwd(), fileURLToPath(frame.url)) };
  const module = entry.originalSource.replace(/^.*?(?=(api|db|contract)\/)/, '');
  return { name: frame.functionName ? name : `(anonymous) :${entry.originalLine + 1}`, module };
}
