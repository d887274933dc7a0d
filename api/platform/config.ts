import path from 'node:path';
import { z } from 'zod';
import { DEVICE_KEEP_CONFIRMED_HOURS_DEFAULT, OFFLINE_WINDOW_HOURS_DEFAULT } from '../../contract/kiosk-values';

// Dates are computed and shown in UTC unless TZ says otherwise; set before any Date work.
process.env.TZ ??= 'UTC';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const flag = (fallback: boolean) =>
  z.preprocess((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes'].includes(String(v).toLowerCase())), z.boolean());

/** Every environment variable the product reads (listed with defaults in docs/configuration.md). */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalString,
  // behind a pooler in transaction mode that keeps no prepared statements (docs/scale-out.md)
  DATABASE_NAMED_STATEMENTS: flag(true),
  // a streaming replica for the public anonymous reads (docs/scale-out.md)
  DATABASE_READ_URL: optionalString,
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).default(5_000),
  DATA_DIR: z.string().default('./data'),
  UPLOAD_DIR: optionalString,
  // continuous backups of the embedded server (docs/backups.md): `off` turns them off
  BACKUP_DIR: optionalString,
  BACKUP_MAX_LOSS_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  BACKUP_BASE_HOURS: z.coerce.number().positive().max(168).default(6),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(100).default(3),
  UPLOAD_SWEEP_HOURS: z.coerce.number().positive().default(24),
  // "Actividad": how long its entries are kept (docs/configuration.md)
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().positive().max(36500).default(365),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional()),
  SESSION_MAX_AGE_HOURS: z.coerce.number().positive().default(12),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(168),
  TRUST_PROXY: flag(false),
  PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  // Checked against the password rule when it makes the first admin (api/bootstrap.ts), not before: once a user exists it is not read.
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().optional()),
  SEED_DEMO: flag(true),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  PLAYER_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  PLAYER_DOCUMENT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  // distinct documents one client address checks per hour: a venue's phones share its NAT address (docs/security.md)
  PLAYER_DOCUMENTS_PER_ADDRESS: z.coerce.number().int().positive().default(600),
  // anonymous API reads: rankings, public campaigns, the big screens (api/platform/http/rate-limit.ts says which are left out)
  PUBLIC_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  // new devices (browsers) per address and hour: a booth's visitors share the venue's NAT address
  DEVICE_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  // answer verdicts per address and minute: a phone's round asks one per question
  ANSWER_RATE_LIMIT: z.coerce.number().int().positive().default(1200),
  // fair play (docs/fair-play.md)
  OFFLINE_WINDOW_HOURS: z.coerce.number().positive().max(24).default(OFFLINE_WINDOW_HOURS_DEFAULT),
  DEVICE_KEEP_CONFIRMED_HOURS: z.coerce.number().int().min(1).max(168).default(DEVICE_KEEP_CONFIRMED_HOURS_DEFAULT),
  PHONE_PLAYERS_PER_HOUR: z.coerce.number().int().positive().default(3),
  ADDRESS_PLAYERS_PER_HOUR: z.coerce.number().int().positive().default(300),
  // connections (docs/configuration.md): a kiosk on booth Wi-Fi sends a 1 MB sync push well inside them
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(20),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  KEEP_ALIVE_SECONDS: z.coerce.number().positive().max(3600).default(65),
  MAX_REQUESTS_PER_ADDRESS: z.coerce.number().int().positive().default(200),
  // question import files (docs/security.md, "Slow clients and heavy files")
  IMPORT_TIME_LIMIT_SECONDS: z.coerce.number().positive().max(300).default(10),
  IMPORT_HEAP_LIMIT_MB: z.coerce.number().int().min(16).max(4096).default(192),
  READ_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // GET /metrics for a scraper (docs/operations.md); unset: signed-in admins only
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Named prepared statements on the primary's connections (off behind PgBouncer < 1.21 in transaction mode). */
  databaseNamedStatements: boolean;
  /** The read replica of the public anonymous reads, and how far behind the primary it may be to serve them. */
  readReplica: { url: string; maxLagMs: number } | undefined;
  dataDir: string;
  uploadDir: string;
  /** Continuous backups of the embedded server; undefined when BACKUP_DIR is `off` (an external DATABASE_URL keeps its operator's own). */
  backups: BackupSettings | undefined;
  /** Uploads never attached to a logo, and pictures no question ever used, are deleted once they are this old. */
  uploadSweepMs: number;
  /** "Actividad" entries older than this many days are deleted (at start, then daily). */
  activityRetentionDays: number;
  dbPoolSize: number;
  /** Signs cookies and upload URLs; when unset, server.ts makes one and keeps it in DATA_DIR. */
  sessionSecret: string | undefined;
  /** Idle lifetime: a session unused this long ends (each use while signed in extends it). */
  sessionMaxAgeMs: number;
  /** Absolute lifetime: a session ends this long after its sign-in, however much it is used. */
  sessionAbsoluteMs: number;
  trustProxy: boolean;
  /** Reverse proxies in front of the app: how many X-Forwarded-For entries, from the right, to trust. */
  proxyHops: number;
  admin: { username: string; password: string | undefined };
  seedDemo: boolean;
  openai: { apiKey: string | undefined; baseURL: string | undefined; model: string; timeoutMs: number };
  rateLimits: {
    loginPerMinute: number;
    playerPerMinute: number;
    /** Document checks and registrations of one document per hour from one client (an address, or a set-up kiosk). */
    playerDocumentPerHour: number;
    /** Distinct documents one client checks or registers per hour. */
    playerDocumentsPerClientPerHour: number;
    /** Anonymous API reads per address. */
    publicPerMinute: number;
    /** New devices per address and hour. */
    devicesPerHour: number;
    /** Answer verdicts per address and minute. */
    answersPerMinute: number;
  };
  fairPlay: FairPlayLimits;
  connections: ConnectionLimits & {
    /** Requests of one address in flight at once (api/platform/http/in-flight-limit.ts). */
    maxRequestsPerAddress: number;
  };
  /** How long the reading of one import file may take, and the heap of the worker that reads it. */
  importLimits: ImportReadLimits;
  /** Ranking computations and exports: how long one statement may run. */
  rankingReads: { statementTimeoutMs: number };
  /** The bearer token a scraper reads GET /metrics with; when unset only a signed-in admin can. */
  metricsToken: string | undefined;
  logLevel: string;
  /** Directory of the built web app served for every non-API path. */
  webDist: string;
}

/** How long a client may take over a request, and how long an idle connection is kept (api/platform/http/http-server.ts). */
export interface ConnectionLimits {
  /** From a request's first byte to the end of its headers. */
  headersTimeoutMs: number;
  /** From a request's first byte to the end of its body: a trickling upload is closed past it. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveMs: number;
}

export interface ImportReadLimits {
  timeLimitMs: number;
  heapLimitMb: number;
}

/** Where and how often the embedded server is backed up (docs/backups.md). */
export interface BackupSettings {
  dir: string;
  /** At most this much of what was committed is lost with the disk (the archive's `archive_timeout`). */
  maxLossSeconds: number;
  /** A base backup at start and then this often. */
  baseEveryMs: number;
  /** Base backups kept (with the WAL the oldest needs). */
  keep: number;
}

/** What a result must meet to rank without review (docs/fair-play.md). */
export interface FairPlayLimits {
  /** The widest window, from the last moment the server saw a round's device (or dealt it) to its arrival. */
  offlineWindowMs: number;
  /** Distinct players a device that is not a kiosk of the trivia ranks per hour. */
  phonePlayersPerHour: number;
  /** Distinct new players ranked per hour from one address, by devices that are not kiosks of the trivia. */
  addressPlayersPerHour: number;
  /**
   * How long a device keeps what the server confirmed (DEVICE_KEEP_CONFIRMED_HOURS), to send it again
   * after a restore; a dealt round's receipt brings its round back for that long plus the offline window.
   */
  keepConfirmedMs: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  HEADERS_TIMEOUT_SECONDS must not be longer than REQUEST_TIMEOUT_SECONDS');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseNamedStatements: e.DATABASE_NAMED_STATEMENTS,
    readReplica: e.DATABASE_READ_URL ? { url: e.DATABASE_READ_URL, maxLagMs: e.DATABASE_READ_MAX_LAG_MS } : undefined,
    dataDir,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    backups:
      e.BACKUP_DIR === 'off'
        ? undefined
        : {
            dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
            maxLossSeconds: e.BACKUP_MAX_LOSS_SECONDS,
            baseEveryMs: e.BACKUP_BASE_HOURS * 3600_000,
            keep: e.BACKUP_KEEP,
          },
    uploadSweepMs: e.UPLOAD_SWEEP_HOURS * 3600_000,
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
    dbPoolSize: e.DB_POOL_SIZE,
    sessionSecret: e.SESSION_SECRET,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_HOURS * 3600_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3600_000,
    trustProxy: e.TRUST_PROXY,
    proxyHops: e.PROXY_HOPS,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    seedDemo: e.SEED_DEMO,
    openai: { apiKey: e.OPENAI_API_KEY, baseURL: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL, timeoutMs: e.OPENAI_TIMEOUT_MS },
    rateLimits: {
      loginPerMinute: e.LOGIN_RATE_LIMIT,
      playerPerMinute: e.PLAYER_RATE_LIMIT,
      playerDocumentPerHour: e.PLAYER_DOCUMENT_RATE_LIMIT,
      playerDocumentsPerClientPerHour: e.PLAYER_DOCUMENTS_PER_ADDRESS,
      publicPerMinute: e.PUBLIC_RATE_LIMIT,
      devicesPerHour: e.DEVICE_RATE_LIMIT,
      answersPerMinute: e.ANSWER_RATE_LIMIT,
    },
    fairPlay: {
      offlineWindowMs: e.OFFLINE_WINDOW_HOURS * 3600_000,
      phonePlayersPerHour: e.PHONE_PLAYERS_PER_HOUR,
      addressPlayersPerHour: e.ADDRESS_PLAYERS_PER_HOUR,
      keepConfirmedMs: e.DEVICE_KEEP_CONFIRMED_HOURS * 3600_000,
    },
    connections: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_SECONDS * 1000,
      maxRequestsPerAddress: e.MAX_REQUESTS_PER_ADDRESS,
    },
    importLimits: { timeLimitMs: e.IMPORT_TIME_LIMIT_SECONDS * 1000, heapLimitMb: e.IMPORT_HEAP_LIMIT_MB },
    rankingReads: { statementTimeoutMs: e.READ_STATEMENT_TIMEOUT_MS },
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve('dist'),
  };
}
