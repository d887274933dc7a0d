import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { ReplicaState } from '../../db/read-replica';
import { registerEventDayGauges } from './event-day-gauges';
import { registerPoolGauges } from './pool-gauges';
import { registerReplicaGauges } from './replica-gauges';
import { registerBackupGauges } from './backup-gauges';
import type { BackupState } from '../platform/backups/keep-backed-up';

/** Request latency buckets, in seconds: from a 304 of the bundle (a few ms) to a slow export. */
export const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The figures one app exposes on GET /metrics (docs/operations.md, "Event-day monitoring"), in a
 * registry of its own rather than prom-client's global one: tests start several apps in one
 * process, and each must count only its own requests. The counters are moved by the code that
 * sees the event; the gauges are read when a scraper asks.
 */
export interface AppMetrics {
  registry: Registry;
  /** Requests answered, by route pattern, method and status. */
  requests: Counter<'route' | 'method' | 'status'>;
  /** How long requests took until their reply was ready, with the same labels. */
  requestSeconds: Histogram<'route' | 'method' | 'status'>;
  /** Requests being served right now. */
  requestsInFlight: Gauge;
  /** Sync mutations settled, by kind and outcome (applied, duplicate, held, rejected). */
  syncMutations: Counter<'kind' | 'outcome'>;
  /** 429 replies, by the limiter that refused. */
  rateLimited: Counter<'limiter'>;
}

/** `replica`: the read replica's state, when DATABASE_READ_URL is set; `backups`: the continuous backups', when on. */
export function createAppMetrics(dataSource: DataSource, replica?: () => ReplicaState, backups?: () => Promise<BackupState>): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  // Node's own figures (event-loop delay, heap, GC, CPU, handles) under their usual names.
  collectDefaultMetrics({ register: registry });
  registerPoolGauges(registry, dataSource);
  registerEventDayGauges(registry, dataSource);
  if (replica) registerReplicaGauges(registry, replica);
  if (backups) registerBackupGauges(registry, backups);
  return {
    registry,
    requests: new Counter({ name: 'trivia_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status.', labelNames: ['route', 'method', 'status'], registers }),
    requestSeconds: new Histogram({
      name: 'trivia_http_request_duration_seconds',
      help: 'Time until the reply was ready, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: REQUEST_SECONDS_BUCKETS,
      registers,
    }),
    requestsInFlight: new Gauge({ name: 'trivia_http_requests_in_flight', help: 'HTTP requests being served now.', registers }),
    syncMutations: new Counter({ name: 'trivia_sync_mutations_total', help: 'Sync mutations settled (committed), by kind and outcome.', labelNames: ['kind', 'outcome'], registers }),
    rateLimited: new Counter({ name: 'trivia_rate_limited_total', help: 'Requests refused with 429, by rate limiter.', labelNames: ['limiter'], registers }),
  };
}
