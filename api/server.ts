import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../db/data-source';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres';
import { openReadReplica, type ReadReplica } from '../db/read-replica';
import { createApp } from './app';
import { prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { limitHeapGrowth } from './platform/heap-growth';
import { createHttpServer } from './platform/http/http-server';
import { closeImportReaders } from './content/question-import/read-pool';
import { ensureWebBuild } from './platform/web-build';
import { keepActivitySwept } from './platform/activity/retention';
import { keepBackedUp, type BackupKeeper } from './platform/backups/keep-backed-up';
import { archiveSettings, walDirectory } from '../db/backups/wal-archive';

/** SESSION_SECRET, or one made on first start and kept in DATA_DIR (set it when running several processes). */
async function sessionSecret(config: Config): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** Resources a start has opened so far, closed in reverse order on a failed start or on a signal. */
interface Running {
  embedded?: EmbeddedDatabase;
  dataSource?: DataSource;
  readReplica?: ReadReplica;
  server?: Server;
  stopActivitySweep?: () => void;
  backups?: BackupKeeper;
}

async function shutDown(running: Running): Promise<void> {
  running.stopActivitySweep?.();
  await running.backups?.stop();
  if (running.server) {
    running.server.closeAllConnections();
    await new Promise<void>((resolve) => running.server!.close(() => resolve()));
  }
  await closeImportReaders();
  await running.readReplica?.close();
  if (running.dataSource?.isInitialized) await running.dataSource.destroy().catch(() => undefined);
  // A left-over PostgreSQL would keep DATA_DIR locked and make the next start fail.
  if (running.embedded) await running.embedded.stop().catch(() => undefined);
}

function listen(app: ReturnType<typeof createApp>, config: Config): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(app, config.connections).listen(config.port, config.host);
    server.once('listening', () => resolve(server));
    server.once('error', reject); // e.g. EADDRINUSE: the port is taken
  });
}

async function start(config: Config, running: Running) {
  const logger = pino({ level: config.logLevel });
  const say = (line: string) => console.log(line);

  ensureWebBuild(process.cwd(), config.webDist, say);

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    say(`Starting the embedded PostgreSQL (data in ${path.join(config.dataDir, 'postgres')})…`);
    const archive = config.backups && walDirectory(config.backups.dir);
    running.embedded = await startEmbeddedPostgres(config.dataDir, (line) => logger.debug({ postgres: line }), {
      serverSettings: archive ? archiveSettings(archive, config.backups!.maxLossSeconds) : {},
      writableDirs: archive ? [archive] : [],
    });
    if (config.backups) say(`Backups: WAL archive and base backups in ${config.backups.dir} (docs/backups.md)`);
    await ensureDatabase(running.embedded.serverUrl('postgres'), 'trivia');
    databaseUrl = running.embedded.serverUrl('trivia');
  }

  const dataSource = createDataSource({ url: databaseUrl, poolSize: config.dbPoolSize, namedStatements: config.databaseNamedStatements });
  running.dataSource = dataSource;
  await dataSource.initialize();
  const { appliedMigrations, bootstrap } = await prepareDatabase(dataSource, config);
  if (appliedMigrations.length) say(`Applied migrations: ${appliedMigrations.join(', ')}`);
  // "Actividad" keeps ACTIVITY_RETENTION_DAYS: swept now and then daily.
  const activitySweep = keepActivitySwept(dataSource, config.activityRetentionDays, (error) => logger.warn({ err: error }, 'activity sweep failed'));
  running.stopActivitySweep = activitySweep.stop;
  await activitySweep.first;
  // Printed now, not after listening: a start that fails later must not lose a generated password.
  if (bootstrap.admin?.generated) {
    say(`Created the first admin "${bootstrap.admin.username}" with password: ${bootstrap.admin.password}`);
    say('(generated once; it will not be shown again. Set ADMIN_PASSWORD to choose one.)');
  }

  if (config.readReplica) {
    // Opened whether or not it answers now: the public reads use the primary until it does.
    running.readReplica = await openReadReplica(dataSource, { ...config.readReplica, poolSize: config.dbPoolSize, queryTimeoutMs: config.rankingReads.statementTimeoutMs });
    const replica = running.readReplica.state();
    say(`Read replica (DATABASE_READ_URL): ${replica.inUse ? `in use, ${replica.lagMs} ms behind` : 'not answering yet; public reads use the primary until it does'}`);
  }

  const secret = await sessionSecret(config);
  if (running.embedded && config.backups) {
    running.backups = keepBackedUp({
      settings: config.backups,
      dataSource,
      serverUrl: running.embedded.serverUrl('postgres'),
      clusterDir: path.join(config.dataDir, 'postgres'),
      dataFiles: ['postgres-password', 'session-secret'].map((name) => path.join(config.dataDir, name)),
      uploadDir: config.uploadDir,
      logger,
    });
  }

  const app = createApp({ config, dataSource, readReplica: running.readReplica, logger, secret, backups: running.backups?.state });
  const server = await listen(app, config);
  running.server = server;
  server.on('error', (error) => logger.error({ err: error }, 'server error'));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  say('');
  say(`Trivia is running at ${url}`);
  if (bootstrap.admin?.generated) {
    say(`Sign in at ${url}/auth as "${bootstrap.admin.username}" with the password printed above.`);
  } else if (bootstrap.admin) {
    say(`Sign in at ${url}/auth as "${bootstrap.admin.username}" with password: ${bootstrap.admin.password}`);
  } else {
    say(`Sign in at ${url}/auth with your admin account.`);
  }
  if (bootstrap.demoQuestionGroupId) say(`Demo trivia: ${url}/play-trivia/${bootstrap.demoQuestionGroupId}`);
  say('Press Ctrl-C to stop.');
}

const USAGE = `npm start: builds the server (dist-server/) and the web app (dist/) when stale, starts
PostgreSQL (embedded unless DATABASE_URL is set), applies the migrations and serves the API and the
web app on PORT.
Configuration: environment variables (docs/configuration.md).`;

async function main() {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }

  limitHeapGrowth();
  const running: Running = {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping…`);
    await shutDown(running);
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await start(config, running);
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error('Start failed:', error);
    if (!stopping) {
      stopping = true;
      await shutDown(running);
    }
    process.exit(1);
  }
}

void main();
