import type { DataSource } from 'typeorm';
import { createDataSource } from './data-source';

/**
 * Where the public anonymous reads run (public rankings, the big screens' feeds, the play bundle):
 * the primary, or a read replica while it answers and is close enough behind. Everything else
 * (whatever a player or an admin acts on) always uses the primary's data source.
 */
export interface PublicReads {
  /**
   * Runs `read` on the replica when one is in use, otherwise on the primary. A read the replica
   * fails (or answers with an error) runs again on the primary, so the client never sees the
   * replica's failure; a failure of the replica itself takes it out of use until a probe finds it
   * back. `read` must only read: it may run twice.
   */
  read<T>(read: (dataSource: DataSource) => Promise<T>): Promise<T>;
}

/** Every public read on the primary: no DATABASE_READ_URL. */
export const primaryReads = (primary: DataSource): PublicReads => ({ read: (read) => read(primary) });

export interface ReplicaState {
  /** Whether public reads go to the replica now. */
  inUse: boolean;
  /** How far behind the primary the replica was at the last probe (ms); null when it did not answer. */
  lagMs: number | null;
  /** When the last probe ended. */
  probedAt: number;
  /** Reads that failed on the replica and were answered by the primary. */
  fallbacks: number;
}

export interface ReadReplica extends PublicReads {
  state(): ReplicaState;
  /** Probes now (the timer does it every `probeIntervalMs`). */
  probe(): Promise<ReplicaState>;
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  url: string;
  /** Past this lag (ms) the public reads go to the primary until the replica catches up. */
  maxLagMs: number;
  poolSize: number;
  /** A read the replica has not answered in this long fails on this side and goes to the primary (a replica that stopped answering without closing its connections). */
  queryTimeoutMs: number;
  probeIntervalMs?: number;
}

/** How long a probe waits for the replica: a replica slower than this is left out until it answers sooner. */
const PROBE_TIMEOUT_MS = 2_000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** A WAL position (`16/B374D848`) as a number that orders. */
const walPosition = (lsn: string) => {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/** An error that is an answer (a 404 of a trivia the replica does not hold yet), not the replica failing. */
const isAnswer = (error: unknown) => {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status < 500;
};

/**
 * Opens the replica of DATABASE_READ_URL beside the primary and keeps measuring its lag.
 *
 * The lag is measured against the primary, not from the replica's replay timestamp (which stands
 * still when nothing is written): every probe reads the primary's WAL position and remembers when
 * it read it; the replica is as far behind as the oldest remembered position it has not replayed
 * yet (0 when it has replayed the newest). So a public read served from the replica misses at
 * most what the primary committed in the last `maxLagMs` plus one probe interval. A replica that is
 * not a standby (a promoted one, or another database) is read as current.
 */
export async function openReadReplica(primary: DataSource, { url, maxLagMs, poolSize, queryTimeoutMs, probeIntervalMs = 1_000 }: ReadReplicaOptions): Promise<ReadReplica> {
  // Short timeouts: a replica that does not answer must not hold the reads long.
  const replica = createDataSource({ url, poolSize, connectionTimeoutMs: PROBE_TIMEOUT_MS, queryTimeoutMs, installExtensions: false });
  const state: ReplicaState = { inUse: false, lagMs: null, probedAt: 0, fallbacks: 0 };
  /** The primary's WAL positions read by the recent probes, oldest first. */
  const positions: { at: number; position: bigint }[] = [];
  let closed = false;

  const lagOf = (replayed: bigint, now: number) => {
    const unreplayed = positions.find((p) => p.position > replayed);
    return unreplayed ? now - unreplayed.at : 0;
  };

  const probe = async (): Promise<ReplicaState> => {
    const now = Date.now();
    try {
      const [row] = (await primary.query(`SELECT pg_current_wal_lsn()::text AS lsn`)) as { lsn: string }[];
      positions.push({ at: now, position: walPosition(row!.lsn) });
    } catch {
      // The primary's own failures reach its readers; the lag is judged on what was remembered.
    }
    // Older positions than the window that decides are not needed.
    while (positions.length > 1 && positions[1]!.at < now - maxLagMs - 10 * probeIntervalMs) positions.shift();
    try {
      if (!replica.isInitialized) await within(replica.initialize(), PROBE_TIMEOUT_MS);
      const [row] = (await within(replica.query(`SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed`), PROBE_TIMEOUT_MS)) as {
        standby: boolean;
        replayed: string | null;
      }[];
      state.lagMs = row!.standby && row!.replayed ? lagOf(walPosition(row!.replayed), now) : 0;
      state.inUse = state.lagMs <= maxLagMs;
    } catch {
      state.lagMs = null;
      state.inUse = false;
    }
    state.probedAt = Date.now();
    return { ...state };
  };

  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void probe().finally(schedule), probeIntervalMs);
    timer.unref();
  };
  await probe();
  schedule();

  return {
    async read(read) {
      if (!state.inUse) return read(primary);
      try {
        return await read(replica);
      } catch (error) {
        if (!isAnswer(error)) state.inUse = false;
        state.fallbacks++;
        return read(primary);
      }
    },
    state: () => ({ ...state }),
    probe,
    async close() {
      closed = true;
      clearTimeout(timer);
      if (replica.isInitialized) await replica.destroy().catch(() => undefined);
    },
  };
}

/** One `T` per data source (a cache, a ranking reader), made the first time a data source asks. */
export function perDataSource<T>(make: (dataSource: DataSource) => T): (dataSource: DataSource) => T {
  const made = new Map<DataSource, T>();
  return (dataSource) => {
    let value = made.get(dataSource);
    if (value === undefined) made.set(dataSource, (value = make(dataSource)));
    return value;
  };
}
