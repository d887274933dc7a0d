import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the fuzz suite leaves its counts for `npm test` to print (tests/run.ts reads it). */
export const FUZZ_SUMMARY_FILE = path.resolve(import.meta.dirname, '../../../.tmp/fuzz-summary.json');

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

  write() {
    mkdirSync(path.dirname(FUZZ_SUMMARY_FILE), { recursive: true });
    writeFileSync(FUZZ_SUMMARY_FILE, `${JSON.stringify(this.summary(), null, 2)}\n`);
  }
}

/** One line for the end of `npm test`: routes, cases and replies by status. */
export function formatFuzzSummary(s: FuzzSummary): string {
  const statuses = Object.entries(s.statuses).map(([status, n]) => `${status}×${n}`).join(' ');
  const fiveXx = Object.entries(s.statuses).filter(([status]) => Number(status) >= 500).reduce((sum, [, n]) => sum + n, 0);
  return `fuzz (seed ${s.seed}): ${s.routes} routes, ${s.cases} cases (${s.runsPerRoute} per route signed in and out), ${s.requests} requests in ${s.seconds} s; statuses ${statuses}; ${fiveXx} 5xx; ${s.failures.length} failing properties`;
}
