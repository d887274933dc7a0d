/**
 * One server of the benchmark in a process of its own (so the load generator never shares its
 * event loop): `app` is the real API, `raw` the hand-written yardstick. Prints "listening <port>".
 * Usage: node --import tsx tests/bench/servers.ts app|raw (BENCH_DATABASE_URL, BENCH_DATA_DIR set)
 */
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp } from '../../api/app';
import { limitHeapGrowth } from '../../api/platform/heap-growth';
import { loadConfig } from '../../api/platform/config';
import { createHttpServer } from '../../api/platform/http/http-server';
import { createDataSource } from '../../db/data-source';
import { startRawPlayerServer } from './raw-player-server';

limitHeapGrowth();
const kind = process.argv[2];
const databaseUrl = process.env.BENCH_DATABASE_URL!;
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: process.env.BENCH_DATA_DIR,
  LOG_LEVEL: 'silent',
  PLAYER_RATE_LIMIT: process.env.PLAYER_RATE_LIMIT ?? '100000000',
  ANSWER_RATE_LIMIT: process.env.ANSWER_RATE_LIMIT ?? '100000000',
  DEVICE_RATE_LIMIT: process.env.DEVICE_RATE_LIMIT ?? '100000000',
  ADDRESS_PLAYERS_PER_HOUR: process.env.ADDRESS_PLAYERS_PER_HOUR ?? '100000000',
  PLAYER_DOCUMENTS_PER_ADDRESS: process.env.PLAYER_DOCUMENTS_PER_ADDRESS ?? '100000000',
  PUBLIC_RATE_LIMIT: process.env.PUBLIC_RATE_LIMIT,
  MAX_REQUESTS_PER_ADDRESS: process.env.MAX_REQUESTS_PER_ADDRESS ?? '100000',
});

let server;
if (kind === 'app') {
  const dataSource = createDataSource({ url: databaseUrl, poolSize: config.dbPoolSize });
  await dataSource.initialize();
  const app = createApp({ config, dataSource, logger: pino({ level: 'silent' }), secret: 'benchmark-secret-benchmark-secret-0123' });
  server = createHttpServer(app, config.connections).listen(0, '127.0.0.1');
} else {
  server = startRawPlayerServer(databaseUrl, config.dbPoolSize).listen(0, '127.0.0.1');
}
server.on('listening', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
