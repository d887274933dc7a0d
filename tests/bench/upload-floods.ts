/**
 * Step 9 of `npm run bench` (docs/benchmarks.md): upload bodies refused before they are read, with
 * the API in a process of its own and the hostile clients in this one. For pictures and for logos,
 * four floods of 150 bodies at once: through one signed URL already used, through fresh URLs while
 * the uploads in hand are full, declaring a length over the limit, and streamed in chunks past it.
 * Each prints the replies by status and code, the connections the server closed, the server
 * process's peak RSS growth (VmRSS every 20 ms, and the kernel's high-water mark, reset before the
 * flood) and the p99/max of `GET /api/health` asked by another client throughout (goals: ≤ 150 MB,
 * p99 ≤ 300 ms). The raw-socket client is the security test's (tests/security/upload-bodies.test.ts).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { LOGO_MAX_BYTES, PICTURE_MAX_BYTES } from '../../contract';
import { hashPassword } from '../../api/platform/lib/password';
import { LOGOS_IN_HAND } from '../../api/content/logos/storage';
import { createDataSource } from '../../db/data-source';
import { buildCompany, buildTrivia } from '../support/factories';
import { TestClient } from '../support/http-client';
import { PNG, requestUploadUrl } from '../support/logo-uploads';
import { photo, requestPictureUrl } from '../support/picture-uploads';
import { rawUpload, type RawUploadOptions, type RawUploadResult } from '../support/raw-upload';

const BURST = 150;
const RSS_GOAL_MB = 150;
const HEALTH_P99_GOAL_MS = 300;
const RSS_SAMPLE_MS = 20;
/** One picture processed and four waiting (api/content/pictures/processing.ts, docs/pictures.md). */
const PICTURES_IN_HAND = 5;
const ADMIN = { username: 'bench', password: 'bench-admin-password' };

// Filled, so their pages are resident before any measurement; every socket writes the same bytes.
const pictureBody = Buffer.alloc(PICTURE_MAX_BYTES - 100 * 1024, 0xab);
const logoBody = Buffer.alloc(LOGO_MAX_BYTES - 10 * 1024, 0xab);
const oversizeBody = Buffer.alloc(PICTURE_MAX_BYTES + 1024 * 1024, 0xab);
const streamedBody = Buffer.alloc(PICTURE_MAX_BYTES + 4 * 1024 * 1024, 0xab);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A field of /proc/<pid>/status in MB (0 once the process is gone). */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The server's resident memory, sampled every 20 ms until stopped: its peak growth over the RSS at the start. */
function sampleMemory(pid: number) {
  let highWaterMark = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  } catch {
    highWaterMark = false;
  }
  const beforeMb = statusMb(pid, 'VmRSS');
  let peakMb = beforeMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, statusMb(pid, 'VmRSS'))), RSS_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    peakMb = Math.max(peakMb, statusMb(pid, 'VmRSS'), highWaterMark ? statusMb(pid, 'VmHWM') : 0);
    return { beforeMb, growthMb: peakMb - beforeMb };
  };
}

/**
 * The health poller's own process: two clients from another loopback address (a booth's client),
 * each asking again as soon as answered, until told to stop; then its figures. A process of its
 * own, so the flood's clients (which live in the bench's process) do not slow its own clock.
 */
const HEALTH_POLLER = `
const { request } = require('node:http');
const { performance } = require('node:perf_hooks');
const [hostname, port] = process.argv.slice(1);
const times = [];
let failures = 0;
let polling = true;
const once = () => new Promise((resolve) => {
  const started = performance.now();
  const req = request({ hostname, port, path: '/api/health', localAddress: '127.0.0.2', agent: false }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode === 200 ? times.push(performance.now() - started) : failures++));
  });
  req.on('error', () => resolve(failures++));
  req.end();
});
const loop = async () => { while (polling) await once(); };
const loops = [loop(), loop()];
process.send('ready');
process.on('message', async () => {
  polling = false;
  await Promise.all(loops);
  times.sort((a, b) => a - b);
  process.send({ count: times.length, failures, p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0, max: times.at(-1) ?? 0 });
  process.disconnect();
});
`;

interface HealthFigures {
  count: number;
  failures: number;
  p99: number;
  max: number;
}

/** Starts the health poller (HEALTH_POLLER) and answers, when stopped, its figures. */
async function pollHealth(baseUrl: string): Promise<() => Promise<HealthFigures>> {
  const { hostname, port } = new URL(baseUrl);
  const child = spawn(process.execPath, ['-e', HEALTH_POLLER, hostname, port], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((resolve) => child.once('message', resolve));
  return () =>
    new Promise<HealthFigures>((resolve) => {
      child.once('message', (figures) => resolve(figures as HealthFigures));
      child.send('stop');
    });
}

/** One kind of signed upload: how a URL is asked for, what it takes, and how it says it is busy. */
interface UploadKind {
  name: string;
  body: Buffer;
  contentType: string;
  inHand: number;
  freshUrl: () => Promise<string>;
  good: () => Promise<Buffer>;
}

/** The flood's figures, each beside its goal. */
interface Flood {
  replies: Record<string, number>;
  /** Connections the server closed after its reply, and before any reply reached the client (it reads none then). */
  closed: number;
  unanswered: number;
  seconds: number;
  beforeMb: number;
  growthMb: number;
  health: HealthFigures;
}

/** `urls.length` bodies at once while the health check runs and the server's memory is sampled. */
async function flood(baseUrl: string, pid: number, kind: UploadKind, urls: string[], options: Omit<RawUploadOptions, 'contentType'>): Promise<Flood> {
  const memory = sampleMemory(pid);
  const health = await pollHealth(baseUrl);
  const started = performance.now();
  const results = await Promise.all(urls.map((url) => rawUpload(baseUrl, url, { contentType: kind.contentType, ...options }).done));
  const seconds = (performance.now() - started) / 1000;
  await sleep(100);
  const { beforeMb, growthMb } = memory();
  const replies: Record<string, number> = {};
  for (const { status, code } of results) {
    const reply = status ? `${status} ${code ?? '-'}` : 'no reply';
    replies[reply] = (replies[reply] ?? 0) + 1;
  }
  const [closed, unanswered] = [results.filter((r) => r.closedByServer).length, results.filter((r) => r.status === 0).length];
  return { replies, closed, unanswered, seconds, beforeMb, growthMb, health: await health() };
}

function report(say: (line: string) => void, kind: UploadKind, label: string, body: Buffer, f: Flood) {
  const replies = Object.entries(f.replies)
    .map(([reply, count]) => `${reply} ×${count}`)
    .join(', ');
  const { count, failures, p99, max } = f.health;
  say(`   ${kind.name}, ${label} (${BURST} × ${mb(body.length)}): ${replies}; closed by the server ${f.closed}/${BURST} after the reply${f.unanswered ? `, ${f.unanswered} before it` : ''}; ${f.seconds.toFixed(1)} s`);
  say(`     server RSS +${f.growthMb.toFixed(1)} MB (goal <= ${RSS_GOAL_MB} MB; ${f.beforeMb.toFixed(0)} MB before)`);
  say(`     health p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms (goal p99 <= ${HEALTH_P99_GOAL_MS} ms; ${count} checks${failures ? `, ${failures} failed` : ''})`);
}

/** Fills the uploads in hand with bodies that trickle (a slow client's), then waits until a new upload is refused as busy. */
async function fillUploadsInHand(baseUrl: string, kind: UploadKind) {
  const trickles = await Promise.all(
    Array.from({ length: kind.inHand }, async () => rawUpload(baseUrl, await kind.freshUrl(), { body: kind.body, contentType: kind.contentType, trickle: 1 })),
  );
  let busy: RawUploadResult | undefined;
  for (let i = 0; i < 20 && busy?.status !== 503; i++) {
    await sleep(50);
    busy = await rawUpload(baseUrl, await kind.freshUrl(), { body: await kind.good(), contentType: kind.contentType, closeWaitMs: 100 }).done;
  }
  return {
    busy,
    release: async () => {
      for (const trickle of trickles) trickle.stop();
      await Promise.all(trickles.map((t) => t.done));
    },
  };
}

/** An upload of a good file, tried again while the server is still giving places back. */
async function goodUpload(baseUrl: string, kind: UploadKind, url: string): Promise<RawUploadResult> {
  let result = await rawUpload(baseUrl, url, { body: await kind.good(), contentType: kind.contentType, closeWaitMs: 100 }).done;
  for (let i = 0; i < 40 && result.status === 503; i++) {
    await sleep(50);
    result = await rawUpload(baseUrl, url, { body: await kind.good(), contentType: kind.contentType, closeWaitMs: 100 }).done;
  }
  return result;
}

const freshUrls = (kind: UploadKind) => Promise.all(Array.from({ length: BURST }, kind.freshUrl));

/** The four floods of one kind of upload. */
async function floods(baseUrl: string, pid: number, kind: UploadKind, say: (line: string) => void) {
  const used = await kind.freshUrl();
  const first = await goodUpload(baseUrl, kind, used);
  if (first.status !== 201) throw new Error(`${kind.name}: a good upload answered ${first.status} ${first.code}`);
  report(say, kind, 'one used URL', kind.body, await flood(baseUrl, pid, kind, Array(BURST).fill(used), { body: kind.body }));

  const urls = await freshUrls(kind); // asked for before the uploads in hand fill up
  const full = await fillUploadsInHand(baseUrl, kind);
  if (full.busy?.status !== 503) say(`   ${kind.name}: the uploads in hand did not fill (${full.busy?.status} ${full.busy?.code})`);
  const busy = await flood(baseUrl, pid, kind, urls, { body: kind.body });
  await full.release();
  report(say, kind, 'uploads in hand full', kind.body, busy);

  report(say, kind, 'declared oversize', oversizeBody, await flood(baseUrl, pid, kind, await freshUrls(kind), { body: oversizeBody }));
  await goodUpload(baseUrl, kind, await kind.freshUrl()); // waits until the places the trickles held are back
  const chunked = await flood(baseUrl, pid, kind, await freshUrls(kind), { body: streamedBody, chunked: 1024 * 1024 });
  report(say, kind, 'chunked past the limit', streamedBody, chunked);
  const after = await goodUpload(baseUrl, kind, await kind.freshUrl());
  if (after.status !== 201) say(`   ${kind.name}: a good upload after the floods answered ${after.status} ${after.code}`);
}

/** A signed-in admin (made in the database when missing), a company and a trivia to upload for. */
async function prepare(baseUrl: string, databaseUrl: string) {
  const dataSource = createDataSource({ url: databaseUrl, poolSize: 1 });
  await dataSource.initialize();
  try {
    await dataSource.query(
      `INSERT INTO users (username, password_hash, first_name, last_name, email) VALUES ($1, $2, 'Bench', 'Admin', 'bench@example.com')
       ON CONFLICT (username) DO NOTHING`,
      [ADMIN.username, await hashPassword(ADMIN.password)],
    );
    const companyId = (await buildCompany(dataSource, { name: 'Subidas' })).id;
    const groupId = (await buildTrivia(dataSource, companyId, { questions: 0 })).group.id;
    const admin = new TestClient(baseUrl);
    const login = await admin.post('/api/login', ADMIN);
    if (login.status !== 200) throw new Error(`bench admin sign-in: ${login.status} ${login.text}`);
    return { admin, companyId, groupId };
  } finally {
    await dataSource.destroy();
  }
}

export async function uploadFloodBenchmark(baseUrl: string, pid: number, databaseUrl: string, say: (line: string) => void) {
  say(`\n9. Upload bodies, ${BURST} at once per flood from this process, the API in its own; refused before they are read (goal: server RSS growth <= ${RSS_GOAL_MB} MB, health p99 <= ${HEALTH_P99_GOAL_MS} ms)`);
  const { admin, companyId, groupId } = await prepare(baseUrl, databaseUrl);
  const pictures: UploadKind = {
    name: 'pictures',
    body: pictureBody,
    contentType: 'image/jpeg',
    inHand: PICTURES_IN_HAND,
    freshUrl: () => requestPictureUrl(admin, groupId),
    good: () => photo(400, 300, Math.floor(Math.random() * 1000)),
  };
  const logos: UploadKind = {
    name: 'logos',
    body: logoBody,
    contentType: 'image/png',
    inHand: LOGOS_IN_HAND,
    freshUrl: () => requestUploadUrl(admin, 'company', companyId),
    good: async () => PNG,
  };
  await floods(baseUrl, pid, pictures, say);
  await floods(baseUrl, pid, logos, say);
}
