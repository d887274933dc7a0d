/**
 * A round with pictures on a phone at the booth's Wi-Fi, beside the same round in text only:
 * starts the app as `npm start` serves it, builds two trivias through the API (the same five
 * questions; one with a photo per question, one without), plays each in Chromium with Lighthouse's
 * mobile profile (a 412 px phone at 1.75×, slow 4G: 150 ms, 1.6 Mbit/s; the CPU 4× slower; a first
 * visit: empty cache, no service worker yet) and prints the bytes of pictures per question, the
 * time from "INICIAR" to the first question's picture (or text) painted (the Element Timing API:
 * the LCP of that screen, which the LCP API stops counting after the first tap), and the layout
 * shift while the questions are on screen.
 * Part of `npm run bench` (step 8); runs alone with `tsx tests/bench/picture-round.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import type { PlayBundle, Picture } from '../../contract';
import { CHROMIUM_ARGS, ensureChromium } from '../support/chromium';
import { photo } from '../support/picture-uploads';
import { startApp, stopApp } from './player-route';

const QUESTIONS = 5;
/** The goals of docs/pictures.md: the first question's picture painted within 1.5 s of the start, nothing shifting, a phone's picture light. */
export const PICTURE_GOALS = { firstPictureMs: 1500, cls: 0.01, bytesPerQuestion: 60_000 };
/**
 * Lighthouse's mobile profile (Moto G Power on slow 4G). Motion reduced: with the CPU throttled,
 * Chromium reports no Element Timing for an element still fading in, and the step's animation is
 * not what is measured here.
 */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, reducedMotion: 'reduce' as const };
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

const WRITE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** A signed-in admin's JSON calls. */
async function adminSession(url: string) {
  const login = await fetch(`${url}/api/login`, { method: 'POST', headers: WRITE, body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }) });
  if (!login.ok) throw new Error(`bench admin login: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${route}`, { method, headers: { ...WRITE, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** Two trivias of the same five questions, one with a photo (2400 × 1600, as a phone takes it) per question. */
async function buildTrivias(url: string): Promise<{ pictures: number; text: number }> {
  const call = await adminSession(url);
  const company = await call<{ id: number }>('POST', '/api/companies', { name: `Banco de imágenes ${Date.now()}` });
  await call('POST', '/api/locations', { name: 'Stand', companyId: company.id });
  const ids: number[] = [];
  for (const withPictures of [true, false]) {
    const group = await call<{ id: number }>('POST', `/api/companies/${company.id}/question-groups`, {
      name: withPictures ? 'Con imágenes' : 'Solo texto',
      companyId: company.id,
      questionsPerRound: QUESTIONS,
      randomizeQuestions: false,
    });
    for (let n = 1; n <= QUESTIONS; n++) {
      let picture: { name: string; alt: string } | undefined;
      if (withPictures) {
        const { uploadUrl } = await call<{ uploadUrl: string }>('POST', '/api/pictures/upload-url', { questionGroupId: group.id });
        const put = await fetch(`${url}${uploadUrl}`, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, body: new Uint8Array(await photo(2400, 1600, n)) });
        if (put.status !== 201) throw new Error(`picture upload: ${put.status} ${await put.text()}`);
        picture = { name: ((await put.json()) as Picture).name, alt: `Foto del producto ${n}` };
      }
      await call('POST', `/api/question-groups/${group.id}/questions`, {
        text: `¿Cuál es el producto ${n}?`,
        groupId: group.id,
        ...(picture ? { picture } : {}),
        answers: [{ text: `Producto ${n}`, isCorrect: true }, { text: 'Otro' }, { text: 'Ninguno' }],
      });
    }
    ids.push(group.id);
  }
  return { pictures: ids[0]!, text: ids[1]! };
}

interface RoundFigures {
  /** From the tap on INICIAR to the first question's picture painted (its text, in a text-only round). */
  firstPaintMs: number;
  /**
   * Layout shift while the questions are on screen (their pictures arriving), summed over the
   * round: from just after each question appears to the tap on its answer. The move from one
   * question to the next, which replaces the screen, is not counted.
   */
  cls: number;
  pictureBytes: number;
}

type BenchWindow = { benchShifts: number; benchPaints: Record<string, number> };

/** Plays one round on a throttled phone with an empty cache and no service worker yet (a first visit), and measures it. */
async function playRound(url: string, groupId: number, executablePath: string): Promise<RoundFigures> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ ...PHONE, locale: 'es-CO', serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let pictureBytes = 0;
    const pictureRequests = new Set<string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.includes('/api/pictures/')) pictureRequests.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (pictureRequests.has(event.requestId)) pictureBytes += event.encodedDataLength;
    });
    const bundle = (await (await fetch(`${url}/api/play/${groupId}/bundle`)).json()) as PlayBundle;
    await page.goto(`${url}/play-trivia/${groupId}`);
    await register(page, bundle);
    // The round itself on the booth's Wi-Fi and a mid-range phone's CPU.
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(() => {
      const w = window as unknown as BenchWindow;
      w.benchShifts = 0;
      w.benchPaints = {};
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.benchShifts += entry.value;
      }).observe({ type: 'layout-shift' });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number; loadTime: number })[]) {
          w.benchPaints[entry.identifier] ??= entry.renderTime || entry.loadTime;
        }
      }).observe({ type: 'element', buffered: true });
    });
    const started = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'INICIAR' }).click();
    const withPictures = bundle.questions.some((question) => question.picture);
    const mark = withPictures ? 'question-picture' : 'question-text';
    await page.waitForFunction((id) => (window as unknown as BenchWindow).benchPaints[id] !== undefined, mark, { timeout: 60_000 });
    const painted = await page.evaluate((id) => (window as unknown as BenchWindow).benchPaints[id]!, mark);
    let cls = 0;
    for (let n = 0; n < bundle.questions.length; n++) {
      await page.getByTestId('question-counter').filter({ hasText: `${n + 1} / ${bundle.questions.length}` }).waitFor({ timeout: 60_000 });
      await page.waitForTimeout(100);
      await page.evaluate(() => ((window as unknown as BenchWindow).benchShifts = 0));
      if (withPictures) {
        await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.player-question-picture img')].every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 60_000 });
      }
      await page.waitForTimeout(300);
      cls += await page.evaluate(() => (window as unknown as BenchWindow).benchShifts);
      await page.getByRole('group', { name: 'Respuestas' }).getByRole('button').first().click();
    }
    await page.getByText('¡TRIVIA COMPLETADA!').waitFor({ timeout: 60_000 });
    return { firstPaintMs: painted - started, cls, pictureBytes };
  } finally {
    await browser.close();
  }
}

async function register(page: Page, bundle: PlayBundle) {
  await page.getByLabel('Tipo de documento').selectOption({ label: bundle.documentTypes[0]!.name });
  await page.getByLabel('Número de documento').fill(String(1_000_000_000 + Math.floor(Math.random() * 8_000_000_000)));
  await page.getByRole('button', { name: 'Validar Documento' }).click();
  await page.getByLabel('Nombre completo').fill('Jugadora de banco');
  await page.getByLabel('Sede').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await page.getByRole('button', { name: 'INICIAR' }).waitFor({ timeout: 30_000 });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Prints the figures; `say` receives each line. */
export async function pictureRoundBenchmark(say: (line: string) => void = console.log): Promise<void> {
  const executablePath = ensureChromium();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trivia-bench-pictures-'));
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    app = await startApp(dataDir);
    const trivias = await buildTrivias(app.url);
    say(`\n8. A round of ${QUESTIONS} questions on a phone (412 px at 1.75×, slow 4G, CPU 4× slower), empty cache: with a photo per question beside text only`);
    const text = await playRound(app.url, trivias.text, executablePath);
    const pictures = await playRound(app.url, trivias.pictures, executablePath);
    say(`   text only   : first question painted ${seconds(text.firstPaintMs)} after INICIAR, CLS ${text.cls.toFixed(3)}, pictures 0 kB`);
    say(
      `   with photos : first question's picture painted ${seconds(pictures.firstPaintMs)} after INICIAR (goal <= ${seconds(PICTURE_GOALS.firstPictureMs)}), ` +
        `CLS ${pictures.cls.toFixed(3)} (goal <= ${PICTURE_GOALS.cls}), pictures ${kb(pictures.pictureBytes / QUESTIONS)} per question (goal <= ${kb(PICTURE_GOALS.bytesPerQuestion)}), ${kb(pictures.pictureBytes)} in all`,
    );
  } finally {
    if (app) await stopApp(app.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--help')) console.log('tsx tests/bench/picture-round.ts: a picture round on a throttled phone beside a text-only round (bytes, first picture painted, CLS).');
  else await pictureRoundBenchmark();
}
