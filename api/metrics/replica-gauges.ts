import { Counter, Gauge, type Registry } from 'prom-client';
import type { ReplicaState } from '../../db/read-replica';

/**
 * The read replica of DATABASE_READ_URL as this process sees it, read when scraped from its last
 * probe (db/read-replica.ts): whether the public reads use it, how far behind the primary it was,
 * and how many reads it failed that the primary answered.
 */
export function registerReplicaGauges(registry: Registry, state: () => ReplicaState): void {
  const registers = [registry];
  new Gauge({
    name: 'trivia_db_replica_in_use',
    help: 'Whether the public reads go to the read replica now (1) or to the primary (0).',
    registers,
    collect() {
      this.set(state().inUse ? 1 : 0);
    },
  });
  new Gauge({
    name: 'trivia_db_replica_lag_seconds',
    help: 'How far behind the primary the read replica was at its last probe; absent while it does not answer.',
    registers,
    collect() {
      this.reset();
      const { lagMs } = state();
      if (lagMs !== null) this.set(lagMs / 1000);
    },
  });
  new Counter({
    name: 'trivia_db_replica_fallbacks_total',
    help: 'Public reads the read replica failed (or had no row for) that the primary answered.',
    registers,
    collect() {
      this.reset();
      this.inc(state().fallbacks);
    },
  });
}
