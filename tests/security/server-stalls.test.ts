import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../api/platform/config';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { lyingXlsx } from '../support/lying-zip';

/**
 * What an outside probe used to stop every booth with, replayed while a booth's health check runs:
 * a CSV of half a million blank lines (18 s on the event loop), XLSX files that declare 4 KB and
 * inflate to 490 MB (1.5 GB of memory), and one client holding 1,000 trickling request bodies.
 */

/**
 * The longest a booth's health check may take while an attack runs. The stalls replayed here last
 * seconds (18 s for the CSV; the trickle kept others waiting for the 3 s body timeout), while a
 * machine busy with the other suites running beside this one adds a few hundred milliseconds.
 */
const HEALTH_REPLY_MS = 1500;

/** GET /api/health from `localAddress` (another loopback address is another client), timed. */
function timedHealth(baseUrl: string, localAddress = '127.0.0.1'): Promise<{ status: number; ms: number }> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: '/api/health', localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Polls the health check one request after another until stopped; every reply's status and time. */
function pollHealth(baseUrl: string, localAddress?: string) {
  const replies: { status: number; ms: number }[] = [];
  let polling = true;
  const loop = (async () => {
    while (polling) {
      replies.push(await timedHealth(baseUrl, localAddress));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    async stop() {
      polling = false;
      await loop;
      return replies;
    },
  };
}

/** The process's resident memory, sampled until stopped: the server and its import workers live in it. */
function sampleMemory() {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return {
    stop() {
      clearInterval(timer);
      return { growthMb: (Math.max(peak, process.memoryUsage().rss) - baseline) / 1024 / 1024 };
    },
  };
}

/** The server's own time limit on reading an import (test servers read with a minute, tests/support/api-server.ts). */
const SERVER_IMPORT_SECONDS = String(loadConfig({ NODE_ENV: 'test' }).importLimits.timeLimitMs / 1000);

describe('hostile import files', () => {
  let api: TestApi;
  let admin: TestClient;
  let groupId: number;
  beforeAll(async () => {
    // The server's limits, as `npm start` has them: the largest file must read within them.
    api = await startTestApi({ IMPORT_TIME_LIMIT_SECONDS: SERVER_IMPORT_SECONDS });
    admin = await api.adminClient();
    const company = await buildCompany(api.dataSource);
    groupId = (await buildTrivia(api.dataSource, company.id, { questions: 0 })).group.id;
  });
  afterAll(() => api.close());

  const preview = (bytes: Buffer) => admin.post(`/api/question-groups/${groupId}/questions/import/preview`, { content: bytes.toString('base64') });

  it('a CSV of blank lines and lying XLSX files sent at once are refused while the health check stays fast and memory flat', async () => {
    const blankLines = Buffer.alloc(520_000, '\n');
    const bombs = await Promise.all([lyingXlsx(490 * 1024 * 1024), lyingXlsx(490 * 1024 * 1024)]);
    expect(bombs[0]!.length).toBeLessThan(512 * 1024);

    const memory = sampleMemory();
    const health = pollHealth(api.baseUrl);
    const [csv, ...xlsx] = await Promise.all([preview(blankLines), ...bombs.map(preview)]);
    await new Promise((resolve) => setTimeout(resolve, 200)); // a few replies after the refusals too
    const replies = await health.stop();
    const { growthMb } = memory.stop();

    expect(csv.status).toBe(400);
    expect(csv.body).toMatchObject({ code: 'import_too_many_rows' });
    expect(csv.body.error).toContain('líneas');
    for (const bomb of xlsx) {
      expect(bomb.status).toBe(413);
      expect(bomb.body).toMatchObject({ code: 'import_file_too_large', error: 'El archivo XLSX es demasiado grande al descomprimirlo' });
    }
    expect(replies.length).toBeGreaterThan(3);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(Math.max(...replies.map((r) => r.ms))).toBeLessThan(HEALTH_REPLY_MS);
    expect(growthMb).toBeLessThan(150);
  });

  it('the largest file the import allows (500 questions, ten answers, every text at its longest) reads within the default limits', async () => {
    const largest = await preview(await largestWorkbook());
    expect(largest.status).toBe(200);
    expect(largest.body).toMatchObject({ format: 'xlsx', validCount: 500, invalidCount: 0 });
  });

  it('more files at once than the reader and its queue take are refused at once with 503 import_busy', async () => {
    const largest = await largestWorkbook(); // 1.5 s of reading each: the reader stays busy
    const replies = await Promise.all(Array.from({ length: 11 }, () => preview(largest)));
    const busy = replies.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy[0]!.body).toMatchObject({ code: 'import_busy' });
    expect(replies.every((r) => [200, 422, 503].includes(r.status))).toBe(true); // read, out of time (a busy machine), or busy
  });

  it('a file the readers refuse leaves them ready: a good file right after is read', async () => {
    await preview(await lyingXlsx(64 * 1024 * 1024));
    const good = await preview(Buffer.from('Pregunta;Respuesta 1;Respuesta 2;Correcta\n¿Capital de Perú?;Lima;Quito;1\n'));
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ format: 'csv', validCount: 1, invalidCount: 0 });
  });
});

/** A test server whose import reader has these limits, with an admin and an empty trivia to import into. */
async function serverWithReaderLimits(env: Record<string, string>) {
  const api = await startTestApi(env);
  const admin = await api.adminClient();
  const company = await buildCompany(api.dataSource);
  const groupId = (await buildTrivia(api.dataSource, company.id, { questions: 0 })).group.id;
  const preview = (bytes: Buffer) => admin.post(`/api/question-groups/${groupId}/questions/import/preview`, { content: bytes.toString('base64') });
  return { api, preview };
}

/** A workbook of 500 questions with ten answers, every text at its longest (4.7 MB unpacked). */
async function largestWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Preguntas');
  sheet.addRow(['Pregunta', ...Array.from({ length: 10 }, (_, i) => `Respuesta ${i + 1}`), 'Correcta']);
  const text = (length: number, n: number) => `${n} ${'¿Cuál es la capital? '.repeat(60)}`.slice(0, length);
  for (let row = 0; row < 500; row++) sheet.addRow([text(1000, row), ...Array.from({ length: 10 }, (_, i) => text(500, row * 10 + i)), 1]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// Limits far below what a real file needs, so that a good file passes them: what is tested is the refusal and the server after it.
describe("the import reader's time limit", () => {
  it('a reading past its time is stopped and refused with 422 import_file_too_complex, and the server answers on', async () => {
    const { api, preview } = await serverWithReaderLimits({ IMPORT_TIME_LIMIT_SECONDS: '0.05' });
    try {
      const slow = await preview(await largestWorkbook()); // two seconds of reading, 40 times the limit
      expect(slow.status).toBe(422);
      expect(slow.body).toMatchObject({ code: 'import_file_too_complex' });
      expect(slow.body.error).toContain('tarda demasiado');
      expect((await timedHealth(api.baseUrl)).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

describe("the import reader's heap limit", () => {
  it('a reading past its heap kills only its worker: 413 import_file_too_large, and the next file is read by a new one', async () => {
    // 24 MB: the largest workbook needs more than 32, while a new worker reading a tiny file once ran out of 16 on a busy machine.
    // A minute to read it: on a loaded machine the default 10 s ran out before the heap did (422 import_file_too_complex).
    const { api, preview } = await serverWithReaderLimits({ IMPORT_HEAP_LIMIT_MB: '24', IMPORT_TIME_LIMIT_SECONDS: '60' });
    try {
      const heavy = await preview(await largestWorkbook());
      expect(heavy.status).toBe(413);
      expect(heavy.body).toMatchObject({ code: 'import_file_too_large' });
      expect(heavy.body.error).toContain('memoria');
      const light = await preview(Buffer.from('Pregunta;Respuesta 1;Respuesta 2;Correcta\n¿A?;a;b;1\n'));
      expect(light.status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

const METRICS_TOKEN = 'stalls-metrics-token-stalls-metrics-token-0123';

/**
 * REQUEST_TIMEOUT_SECONDS for the trickling bodies below: longer than opening the 1,000 connections
 * one after another takes on a loaded machine (13 s once, on a day it ran everything about twice as
 * slowly; opened in parallel batches instead, they held this process's health checks for seconds).
 */
const BODY_TIMEOUT_SECONDS = 20;

describe('one client holding 1,000 trickling request bodies', () => {
  let api: TestApi;
  beforeAll(async () => {
    // The body timeout outlasts opening the 1,000 connections, even on a loaded machine: were the
    // first 200 closed before the last ones arrived, those would take their places instead of being refused.
    api = await startTestApi({ HEADERS_TIMEOUT_SECONDS: '2', REQUEST_TIMEOUT_SECONDS: String(BODY_TIMEOUT_SECONDS), METRICS_TOKEN });
  });
  afterAll(() => api.close());

  /** A JSON POST that announces 100 KB and sends one byte of it, then nothing: the socket and what it received. */
  function trickle(): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
    const { port } = new URL(api.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => {
        socket.write(
          [
            'POST /api/player-attempts HTTP/1.1',
            'Host: localhost',
            'Content-Type: application/json',
            'X-Requested-With: XMLHttpRequest',
            'Content-Length: 100000',
            '',
            '{',
          ].join('\r\n'),
        );
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        const closed = new Promise<void>((done) => socket.once('close', () => done()));
        resolve({ socket, received: () => text, closed });
      });
      socket.on('error', () => undefined); // a reset after the refusal is the point
      socket.once('error', reject);
    });
  }

  it('past the per-address cap they are refused at once, the rest are closed at the body timeout, and others are served fast throughout', async () => {
    const health = pollHealth(api.baseUrl, '127.0.0.2');
    const started = performance.now();
    const trickles: Awaited<ReturnType<typeof trickle>>[] = [];
    for (let i = 0; i < 1000; i++) trickles.push(await trickle());
    expect(performance.now() - started, 'the 1,000 connections opened before the first could time out').toBeLessThan(BODY_TIMEOUT_SECONDS * 1000);
    // The cap (MAX_REQUESTS_PER_ADDRESS, 200 by default) holds: everything past it got a 429 and its
    // connection closed (the last refusals may still be on their way on a busy machine).
    const refusedNow = () => trickles.filter((t) => t.received().startsWith('HTTP/1.1 429'));
    await vi.waitFor(() => expect(refusedNow().length).toBe(800), { timeout: 2_500, interval: 100 });
    const refused = refusedNow();
    expect(refused[0]!.received()).toContain('"code":"requests_in_flight_limited"');
    expect(refused[0]!.received()).toMatch(/Connection: close/i);

    // The 200 it let in are closed when their body has not arrived within REQUEST_TIMEOUT_SECONDS, with a 408.
    await Promise.all(trickles.map((t) => t.closed));
    const closedAfterMs = performance.now() - started;
    const timedOut = trickles.filter((t) => t.received().startsWith('HTTP/1.1 408'));
    expect(timedOut.length).toBe(200);
    expect(timedOut[0]!.received()).toContain('"code":"request_timeout"');
    expect(closedAfterMs).toBeLessThan((BODY_TIMEOUT_SECONDS + 7) * 1000);

    const replies = await health.stop();
    expect(replies.length).toBeGreaterThan(10);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    // Served throughout: a health check waits on the database, and this process also plays the 1,000 clients.
    expect(Math.max(...replies.map((r) => r.ms))).toBeLessThan(HEALTH_REPLY_MS);

    // Once they are gone, the address is served again, and the refusals are in the operator's metrics.
    expect((await timedHealth(api.baseUrl)).status).toBe(200);
    const metrics = await api.client().get('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.text).toContain('trivia_rate_limited_total{limiter="in-flight"} 800');
  });
});
