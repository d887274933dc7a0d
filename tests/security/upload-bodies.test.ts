import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, PICTURE_MAX_BYTES } from '../../contract';
import { signUploadGrant, UPLOAD_URL_LIFETIME_MS } from '../../api/content/logos/signing';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';
import { PNG } from '../support/logo-uploads';
import { photo, putPictureBytes } from '../support/picture-uploads';
import { rawUpload, type RawUploadOptions, type RawUploadResult } from '../support/raw-upload';

/**
 * Upload bodies, replayed as an outside probe sent them: 150 bodies of about 12 MB at once through
 * one signed URL already used, through fresh URLs while the uploads in hand are full, declaring a
 * length over the limit, and streamed in chunks past it, for pictures and logos alike. Each is
 * refused before its body is read (or, streamed, once it passes the limit), its connection closed,
 * while the server's memory stays flat and a booth's health check stays fast. And a 76 KB PNG of
 * 1 × 39,000,000 pixels, refused from its header instead of holding the picture worker.
 */

const BURST = 150;
const RSS_GROWTH_MB = 150;
/**
 * The design value is 300 ms. The hostile clients run in this process and on this machine's
 * loopback, and a busy 2-core machine running two other test files beside this one (as npm test
 * does) adds seconds at times (11.4 s once, on a day the machine ran everything about twice as
 * slowly): the assertion only tells a stalled server (before bodies were refused unread, the figure
 * was 17 to 24 s on a machine at its usual speed) from a busy one, and each burst prints its figure.
 */
const HEALTH_P99_MS = 14_000;
const TEST_SECRET = 'test-secret-test-secret-test-secret-42';
/** Uploads in hand at once per process (received, waiting or processed), as docs/pictures.md and docs/security.md say. */
const PICTURES_IN_HAND = 5;
const LOGOS_IN_HAND = 4;

// Filled, so their pages are resident before any measurement; the client writes the same bytes on every socket.
const pictureBody = Buffer.alloc(PICTURE_MAX_BYTES - 100 * 1024, 0xab);
const logoBody = Buffer.alloc(LOGO_MAX_BYTES - 10 * 1024, 0xab);
const oversizeBody = Buffer.alloc(PICTURE_MAX_BYTES + 1024 * 1024, 0xab);
const streamedBody = Buffer.alloc(PICTURE_MAX_BYTES + 4 * 1024 * 1024, 0xab);

let api: TestApi;
let groupId: number;
let companyId: number;
beforeAll(async () => {
  api = await startTestApi();
  companyId = (await buildCompany(api.dataSource)).id;
  groupId = (await buildTrivia(api.dataSource, companyId, { questions: 0 })).group.id;
});
afterAll(() => api.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /api/health from another loopback address (another client), by two clients each asking again as soon as answered, until stopped. */
function pollHealth() {
  const { hostname, port } = new URL(api.baseUrl);
  const times: number[] = [];
  let polling = true;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = request({ hostname, port, path: '/api/health', localAddress: '127.0.0.2', agent: false }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(void times.push(performance.now() - started)) : reject(new Error(`health ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });
  const loop = async () => {
    while (polling) await once();
  };
  const loops = [loop(), loop()];
  return {
    async stop() {
      polling = false;
      await Promise.all(loops);
      const sorted = [...times].sort((a, b) => a - b);
      return { count: sorted.length, p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0, max: sorted.at(-1) ?? 0 };
    },
  };
}

/** The process's resident memory (the server runs in it), sampled until stopped. */
function sampleMemory() {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  return () => {
    clearInterval(timer);
    return (Math.max(peak, process.memoryUsage().rss) - baseline) / 1024 / 1024;
  };
}

/** One kind of signed upload: where its URLs point, what it takes, and how it says it is busy. */
interface UploadKind {
  name: string;
  body: Buffer;
  contentType: string;
  inHand: number;
  busyCode: string;
  freshUrl: () => string;
  good: () => Promise<Buffer>;
}

const pictures: UploadKind = {
  name: 'pictures',
  body: pictureBody,
  contentType: 'image/jpeg',
  inHand: PICTURES_IN_HAND,
  busyCode: 'picture_busy',
  freshUrl: () =>
    `/api/pictures/uploads/${signUploadGrant(TEST_SECRET, { objectName: `picture-${groupId}-${randomUUID()}`, entityType: 'question-group', entityId: groupId, expiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS })}`,
  good: () => photo(400, 300, Math.floor(Math.random() * 1000)),
};
const logos: UploadKind = {
  name: 'logos',
  body: logoBody,
  contentType: 'image/png',
  inHand: LOGOS_IN_HAND,
  busyCode: 'upload_busy',
  freshUrl: () =>
    `/api/uploads/${signUploadGrant(TEST_SECRET, { objectName: `company-${companyId}-${randomUUID()}`, entityType: 'company', entityId: companyId, expiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS })}`,
  good: async () => PNG,
};

/** The uploads' bodies sent at once while the health check runs: every reply, the memory grown and the health check's times. */
async function burst(kind: UploadKind, label: string, urls: string[], options: Omit<RawUploadOptions, 'contentType'>) {
  const grown = sampleMemory();
  const health = pollHealth();
  const started = performance.now();
  const results = await Promise.all(urls.map((url) => rawUpload(api.baseUrl, url, { contentType: kind.contentType, ...options }).done));
  const seconds = (performance.now() - started) / 1000;
  await sleep(100);
  const growthMb = grown();
  const { count, p99, max } = await health.stop();
  const statuses = results.reduce<Record<string, number>>((all, r) => ({ ...all, [`${r.status} ${r.code}`]: (all[`${r.status} ${r.code}`] ?? 0) + 1 }), {});
  console.info(
    `${kind.name}, ${label}: ${JSON.stringify(statuses)}, closed by the server ${results.filter((r) => r.closedByServer).length}/${results.length}, ` +
      `RSS +${growthMb.toFixed(1)} MB, health p99 ${p99.toFixed(1)} ms (max ${max.toFixed(1)} ms, ${count} checks), ${seconds.toFixed(1)} s`,
  );
  return { results, growthMb, p99, count };
}

function expectRefusedAndClosed(results: RawUploadResult[], status: number, code: string) {
  expect(results.filter((r) => r.status !== status || r.code !== code).map((r) => `${r.status} ${r.code}`)).toEqual([]);
  expect(results.filter((r) => !r.closedByServer)).toHaveLength(0);
}

function expectBounded({ growthMb, p99, count }: { growthMb: number; p99: number; count: number }) {
  expect(growthMb).toBeLessThanOrEqual(RSS_GROWTH_MB);
  expect(count).toBeGreaterThanOrEqual(3);
  expect(p99).toBeLessThanOrEqual(HEALTH_P99_MS);
}

/** Fills the uploads in hand with bodies that trickle (a slow client's), then waits until a new upload is refused as busy. */
async function fillUploadsInHand(kind: UploadKind) {
  const trickles = Array.from({ length: kind.inHand }, () => {
    const url = kind.freshUrl();
    return { url, ...rawUpload(api.baseUrl, url, { body: kind.body, contentType: kind.contentType, trickle: 1 }) };
  });
  let busy: RawUploadResult | undefined;
  for (let i = 0; i < 20 && busy?.status !== 503; i++) {
    await sleep(50);
    busy = await rawUpload(api.baseUrl, kind.freshUrl(), { body: await kind.good(), contentType: kind.contentType, closeWaitMs: 100 }).done;
  }
  return {
    busy,
    async release() {
      for (const trickle of trickles) trickle.stop();
      await Promise.all(trickles.map((t) => t.done));
      return trickles.map((t) => t.url);
    },
  };
}

const goodUpload = async (kind: UploadKind, url: string) => putPictureBytes(api, url, await kind.good(), kind.contentType);

describe.each([pictures, logos])('150 upload bodies at once ($name)', (kind) => {
  it('through one URL already used: every one 409 upload_url_used before its body is read, its connection closed', async () => {
    const url = kind.freshUrl();
    expect((await goodUpload(kind, url)).status).toBe(201);
    const run = await burst(kind, 'one used URL', Array(BURST).fill(url), { body: kind.body });
    expectRefusedAndClosed(run.results, 409, 'upload_url_used');
    expectBounded(run);
  }, 60_000);

  it('through fresh URLs while the uploads in hand are full: every one 503 before its body is read; the places come back', async () => {
    const full = await fillUploadsInHand(kind);
    const run = await burst(kind, 'uploads in hand full', Array.from({ length: BURST }, kind.freshUrl), { body: kind.body });
    const released = await full.release();
    expect(full.busy).toMatchObject({ status: 503, code: kind.busyCode });
    expectRefusedAndClosed(run.results, 503, kind.busyCode);
    expectBounded(run);
    // A slow client gone gives its place and its URL back (once the server hears of it): an upload through that URL is taken.
    // Until then the place may still be in hand (503), or the URL still held by the upload being let go (409).
    let again = await goodUpload(kind, released[0]!);
    for (let i = 0; i < 40 && (again.status === 503 || again.status === 409); i++) {
      await sleep(50);
      again = await goodUpload(kind, released[0]!);
    }
    expect(again.status).toBe(201);
  }, 60_000);

  it('declaring a length over the limit: every one 413 before its body is read, its connection closed', async () => {
    const run = await burst(kind, 'declared oversize', Array.from({ length: BURST }, kind.freshUrl), { body: oversizeBody });
    expectRefusedAndClosed(run.results, 413, 'payload_too_large');
    expectBounded(run);
  }, 60_000);

  it('streamed in chunks past the limit, without a length: read only to the limit (or refused as busy), never buffered beyond it', async () => {
    const run = await burst(kind, 'chunked past the limit', Array.from({ length: BURST }, kind.freshUrl), { body: streamedBody, chunked: 1024 * 1024 });
    // Those that find a place (one freed by an earlier refusal, too) are read to the limit and
    // refused. How many do depends on how fast the machine frees places (on a loaded one, a third
    // of the burst): what bounds the reading is the places in hand, and the memory check below.
    const tooLarge = run.results.filter((r) => r.status === 413);
    expect(tooLarge.length).toBeGreaterThanOrEqual(1);
    expectRefusedAndClosed(
      run.results.filter((r) => r.status !== 413),
      503,
      kind.busyCode,
    );
    expect(tooLarge.every((r) => r.code === 'payload_too_large' && r.closedByServer)).toBe(true);
    expectBounded(run);
    expect((await goodUpload(kind, kind.freshUrl())).status).toBe(201);
  }, 60_000);
});

/** A PNG whose header says width × height, of one grey level: a few tens of KB for 39 million pixels. */
function flatPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit grey, no interlace
  const rows = Buffer.alloc((width + 1) * height); // each row: filter 0, then its pixels
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** A small JPEG and GIF whose headers are rewritten to declare a side of 60,000 px (a WebP's header cannot pass 16,384). */
async function longSidedJpegAndGif(): Promise<[string, Buffer][]> {
  const tile = sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } });
  const jpeg = Buffer.from(await tile.clone().jpeg().toBuffer());
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0])); // SOF0: height, then width
  jpeg.writeUInt16BE(60_000, frame + 5);
  jpeg.writeUInt16BE(1, frame + 7);
  const gif = Buffer.from(await tile.clone().gif().toBuffer());
  const image = gif.indexOf(0x2c, 13); // the logical screen, then the image descriptor: width, then height
  for (const at of [6, image + 5]) {
    gif.writeUInt16LE(60_000, at);
    gif.writeUInt16LE(1, at + 2);
  }
  return [
    ['1 × 60000 JPEG', jpeg],
    ['60000 × 1 GIF', gif],
  ];
}

describe("a picture's declared pixels", () => {
  it('a 1 × 39,000,000 PNG (and 39,000,000 × 1, and a JPEG or GIF with a side over 16,384) is refused from its header at once, and the worker takes the next picture', async () => {
    const shapes: [string, Buffer][] = [
      ['1 × 39000000 PNG', flatPng(1, 39_000_000)],
      ['39000000 × 1 PNG', flatPng(39_000_000, 1)],
      ...(await longSidedJpegAndGif()),
    ];
    for (const [shape, bytes] of shapes) {
      expect(bytes.length).toBeLessThan(100 * 1024);
      const started = performance.now();
      const res = await putPictureBytes(api, pictures.freshUrl(), bytes, 'image/png');
      const ms = performance.now() - started;
      console.info(`pictures, ${shape} of ${(bytes.length / 1024).toFixed(1)} KB: ${res.status} ${res.body?.code} in ${ms.toFixed(1)} ms`);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'picture_too_many_pixels' });
      expect(res.body.message).toContain('16.384');
      expect(ms).toBeLessThan(2000);
    }
    const started = performance.now();
    expect((await goodUpload(pictures, pictures.freshUrl())).status).toBe(201);
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 90_000);
});
