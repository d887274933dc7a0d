import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { createDataSource, migrate } from '../db/data-source';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres';
import { createApp } from './app';
import { bootstrapEmptyDatabase } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { ensureWebBuild } from './web-build';

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

async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const say = (line: string) => console.log(line);

  ensureWebBuild(process.cwd(), config.webDist, say);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    say(`Starting the embedded PostgreSQL (data in ${path.join(config.dataDir, 'postgres')})…`);
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => logger.debug({ postgres: line }));
    await ensureDatabase(embedded.serverUrl('postgres'), 'trivia');
    databaseUrl = embedded.serverUrl('trivia');
  }

  const dataSource = createDataSource({ url: databaseUrl, poolSize: config.dbPoolSize });
  await dataSource.initialize();
  const applied = await migrate(dataSource);
  if (applied.length) say(`Applied migrations: ${applied.join(', ')}`);
  const bootstrap = await bootstrapEmptyDatabase(dataSource, config);

  const app = createApp({ config, dataSource, logger, secret: await sessionSecret(config) });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;

  say('');
  say(`Trivia is running at ${url}`);
  if (bootstrap.admin) {
    say(`Sign in at ${url}/auth as "${bootstrap.admin.username}" with password: ${bootstrap.admin.password}`);
    if (bootstrap.admin.generated) say('(generated once; it will not be shown again. Set ADMIN_PASSWORD to choose one.)');
  } else {
    say(`Sign in at ${url}/auth with your admin account.`);
  }
  if (bootstrap.demoQuestionGroupId) say(`Demo trivia: ${url}/play-trivia/${bootstrap.demoQuestionGroupId}`);
  say('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal} received: stopping…`);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await dataSource.destroy().catch(() => undefined);
    if (embedded) await embedded.stop();
    say('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
