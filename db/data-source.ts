import pg from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './naming-strategy';
import { preparedName } from './prepared-statements';

export interface DataSourceOptions {
  url: string;
  /** Connections in this process's pool. */
  poolSize?: number;
  /**
   * Named prepared statements (db/prepared-statements.ts, and the rate limiter's store): on by
   * default. Off behind a pooler in transaction mode that does not keep them (PgBouncer before
   * 1.21): every statement then runs unnamed, planned on each run (docs/scale-out.md).
   */
  namedStatements?: boolean;
  /** How long to wait for a connection before a query fails. */
  connectionTimeoutMs?: number;
  /** How long a query may wait for its reply before it fails on this side (unset: as long as PostgreSQL takes). */
  queryTimeoutMs?: number;
  /** Lets TypeORM create the extensions the entities need at start: never on a read-only replica. */
  installExtensions?: boolean;
}

type QueryArguments = [unknown, unknown?, ...unknown[]];

/** A query config (`{ name, text, values }`) with its name removed; anything else as it is. */
function withoutName(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !('name' in config)) return config;
  if (typeof (config as { submit?: unknown }).submit === 'function') return config; // a cursor or stream: left alone
  return { ...config, name: undefined };
}

/**
 * A pool connection that never takes the process down. node-postgres emits 'error' on a connection
 * PostgreSQL drops (a restart, an administrator's shutdown) even when nobody is listening to it at
 * that moment, and an 'error' event without a listener ends a Node process. The connection is
 * already marked unusable and the pool discards it; queries still fail with their own errors.
 * With `namedStatements`, a statement marked `prepared` (db/prepared-statements.ts) runs as a
 * named statement, parsed and planned once per connection; without, no statement is named, not
 * even one whose library asked for a name.
 */
function resilientClient(namedStatements: boolean): typeof pg.Client {
  return class ResilientClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', () => undefined);
      const query = this.query.bind(this) as (...args: QueryArguments) => unknown;
      this.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
        if (!namedStatements) return query(withoutName(text), values, ...rest);
        const name = preparedName(text, values);
        return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
      }) as typeof this.query;
    }
  };
}

/** The one way the project talks to PostgreSQL. Schema changes come only from migrations. */
export function createDataSource({
  url,
  poolSize = 10,
  namedStatements = true,
  connectionTimeoutMs = 10_000,
  queryTimeoutMs,
  installExtensions = true,
}: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    logging: false,
    installExtensions,
    extra: { max: poolSize, connectionTimeoutMillis: connectionTimeoutMs, query_timeout: queryTimeoutMs, Client: resilientClient(namedStatements) },
  });
}

/** Key of the advisory lock that serialises schema changes between processes starting together. */
const MIGRATION_LOCK_KEY = 'trivia.migrations';

/**
 * Runs `work` while holding a PostgreSQL advisory lock on a connection of its own (outside the
 * pool, so a pool of one connection cannot deadlock), released however `work` ends. The lock is
 * transaction-scoped, in a transaction this connection keeps open until `work` ends: a pooler in
 * transaction mode keeps one server connection for a transaction and releases the lock with it,
 * where a session lock would stay on the server connection the pooler hands to someone else.
 */
async function withMigrationLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: (dataSource.options as { url?: string }).url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs pending migrations; returns the names of the ones it applied (none on a second run). Two
 * processes starting at once on an empty database take turns: the second finds nothing pending.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  return withMigrationLock(dataSource, async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  });
}

/**
 * A share of the pool for one kind of heavy read (ranking computations, exports): at most
 * `concurrency` of its statements hold a connection at once, the others wait their turn outside
 * the pool (holding none), and each statement is cancelled by PostgreSQL after
 * `statementTimeoutMs` (SQLSTATE 57014). So however many such reads arrive, the rest of the pool
 * stays free for the player routes and the health check. A read still waiting for its turn after
 * `statementTimeoutMs` gives up with `QueryLaneBusyError`.
 */
export interface QueryLane {
  run<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
}

export class QueryLaneBusyError extends Error {
  constructor() {
    super('query lane busy');
    this.name = 'QueryLaneBusyError';
  }
}

export function createQueryLane(dataSource: DataSource, { concurrency, statementTimeoutMs }: { concurrency: number; statementTimeoutMs: number }): QueryLane {
  let running = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];
  const turn = () =>
    new Promise<void>((resolve, reject) => {
      if (running < concurrency) {
        running++;
        resolve();
        return;
      }
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          running++;
          resolve();
        },
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new QueryLaneBusyError());
        }, statementTimeoutMs),
      };
      waiting.push(entry);
    });
  const done = () => {
    running--;
    waiting.shift()?.start();
  };
  const timeout = Math.max(1, Math.floor(statementTimeoutMs));
  return {
    async run(work) {
      await turn();
      const runner = dataSource.createQueryRunner();
      try {
        // One round trip opens the transaction and sets its timeout: without parameters both
        // statements travel as one simple query.
        await runner.query(`BEGIN; SET LOCAL statement_timeout = ${timeout}`);
        try {
          const answer = await work(runner.manager);
          await runner.query('COMMIT');
          return answer;
        } catch (error) {
          await runner.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      } finally {
        await runner.release();
        done();
      }
    },
  };
}
