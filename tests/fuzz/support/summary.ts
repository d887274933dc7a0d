import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the fuzz suite leaves its counts, one file per part, for `npm test` to print (tests/run.ts). */
export const FUZZ_SUMMARY_DIR = path.resolve(import.meta.dirname, '../../../.tmp/fuzz-summary');

export interface FuzzFailure {
  route: string;
  session: string;
  /** The problem with the reply, then fast-check's report (seed, path, counterexample). */
  report: string;
  replay: string;
}

export interface FuzzSummary {
  seed: number;
  runsPerRoute: number;
  routes: number;
  /** Generated requests judged by the property (each route, signed in and signed out). */
  cases: number;
  /** Every request sent, shrinking included. */
  requests: number;
  statuses: Record<string, number>;
  failures: FuzzFailure[];
  seconds: number;
}

export class FuzzTally {
  private readonly statuses = new Map<number, number>();
  private readonly failures: FuzzFailure[] = [];
  private readonly routes = new Set<string>();
  private cases = 0;
  private requests = 0;
  private readonly started = Date.now();

  constructor(
    private readonly seed: number,
    private readonly runsPerRoute: number,
  ) {}

  reply(status: number) {
    this.requests += 1;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  property(route: string, runs: number) {
    this.routes.add(route);
    this.cases += runs;
  }

  failure(failure: FuzzFailure) {
    this.failures.push(failure);
  }

  summary(): FuzzSummary {
    return {
      seed: this.seed,
      runsPerRoute: this.runsPerRoute,
      routes: this.routes.size,
      cases: this.cases,
      requests: this.requests,
      statuses: Object.fromEntries([...this.statuses].sort(([a], [b]) => a - b).map(([status, n]) => [String(status), n])),
      failures: this.failures,
      seconds: Math.round((Date.now() - this.started) / 1000),
    };
  }

  write(part: number) {
    mkdirSync(FUZZ_SUMMARY_DIR, { recursive: true });
    writeFileSync(path.join(FUZZ_SUMMARY_DIR, `part-${part}.json`), `${JSON.stringify(this.summary(), null, 2)}\n`);
  }
}

/** The parts' counts added up (the parts run at once: the slowest part's time is the suite's). */
export function readFuzzSummary(): FuzzSummary | undefined {
  if (!existsSync(FUZZ_SUMMARY_DIR)) return undefined;
  const parts = readdirSync(FUZZ_SUMMARY_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(FUZZ_SUMMARY_DIR, file), 'utf8')) as FuzzSummary);
  if (!parts.length) return undefined;
  const statuses: Record<string, number> = {};
  for (const part of parts) for (const [status, n] of Object.entries(part.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  return {
    seed: parts[0]!.seed,
    runsPerRoute: parts[0]!.runsPerRoute,
    routes: parts.reduce((sum, p) => sum + p.routes, 0),
    cases: parts.reduce((sum, p) => sum + p.cases, 0),
    requests: parts.reduce((sum, p) => sum + p.requests, 0),
    statuses: Object.fromEntries(Object.entries(statuses).sort(([a], [b]) => Number(a) - Number(b))),
    failures: parts.flatMap((p) => p.failures),
    seconds: Math.max(...parts.map((p) => p.seconds)),
  };
}

/** One line for the end of `npm test`: routes, cases and replies by status. */
export function formatFuzzSummary(s: FuzzSummary): string {
  const statuses = Object.entries(s.statuses).map(([status, n]) => `${status}×${n}`).join(' ');
  const fiveXx = Object.entries(s.statuses).filter(([status]) => Number(status) >= 500).reduce((sum, [, n]) => sum + n, 0);
  return `fuzz (seed ${s.seed}): ${s.routes} routes, ${s.cases} cases (${s.runsPerRoute} per route signed in and out), ${s.requests} requests in ${s.seconds} s; statuses ${statuses}; ${fiveXx} 5xx; ${s.failures.length} failing properties`;
}
