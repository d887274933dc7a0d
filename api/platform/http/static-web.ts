import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { renderPlayerPage, sendPage, type FirstPaintTrivia } from './player-page';
import { requestPath } from './request-path';

/** Navigations to the player screen get its own small page (play.html); every other one the admin app. */
export function pageFor(urlPath: string): 'play.html' | 'index.html' {
  return /^\/play-trivia\/[^/]+\/?$/.test(urlPath) ? 'play.html' : 'index.html';
}

/** The trivia id of a player page's path, when it is a number; undefined otherwise. */
function playerPageId(urlPath: string): number | undefined {
  const id = /^\/play-trivia\/(\d{1,9})\/?$/.exec(urlPath)?.[1];
  return id ? Number(id) : undefined;
}

/** How long the player page waits for the trivia's first paint before it is sent without one. */
export const FIRST_PAINT_WAIT_MS = 500;

export interface StaticWebOptions {
  /** The trivia a player page shows before its script runs; undefined when there is none. */
  firstPaint?: (groupId: number) => Promise<FirstPaintTrivia | undefined>;
}

/**
 * play.html with the trivia's first paint (api/platform/http/player-page.ts), or undefined: no such trivia,
 * no answer in FIRST_PAINT_WAIT_MS (the database may be down: the page must still load, and the
 * player screen then shows the kiosk's stored copy), or a page without the markup.
 */
async function firstPaintPage(distDir: string, groupId: number, firstPaint: NonNullable<StaticWebOptions['firstPaint']>): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, FIRST_PAINT_WAIT_MS, undefined);
  });
  try {
    const [trivia, template] = await Promise.race([Promise.all([firstPaint(groupId), readFile(path.join(distDir, 'play.html'), 'utf8')]), late.then(() => [])]);
    return trivia && template ? renderPlayerPage(template, trivia) : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** Hashed build files never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built PWA for every non-API path: /play-trivia/:id gets play.html (the player build),
 * with the trivia's title and theme painted in when `firstPaint` knows the trivia, other deep links
 * index.html (the admin app's router picks the screen). Files are sent as the build's
 * pre-compressed .br or .gz copy when the client accepts it, with `Vary: Accept-Encoding`.
 * Hashed assets are cached for a year (immutable, so the service worker's first precache hits the
 * HTTP cache); the pages, the service worker and the manifest are revalidated on every load so
 * updates reach kiosks.
 */
export function staticWeb(distDir: string, { firstPaint }: StaticWebOptions = {}) {
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx: Context, next: Next) => {
    // Every spelling the API's router answers (`/API/health`, `/api/health/`) is the API's, not a page.
    if (requestPath(ctx).isApi || !['GET', 'HEAD'].includes(ctx.method)) return next();
    if (!existsSync(indexFile)) return next();
    const page = pageFor(ctx.path);
    const immutable = ctx.path.startsWith('/assets/') && page !== 'play.html';
    const options = {
      root: distDir,
      brotli: true,
      gzip: true,
      setHeaders: (res: { setHeader(name: string, value: string): void }) => {
        res.setHeader('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
      },
    };
    ctx.vary('Accept-Encoding');
    if (page === 'play.html') {
      const groupId = playerPageId(ctx.path);
      const rendered = groupId !== undefined && firstPaint ? await firstPaintPage(distDir, groupId, firstPaint) : undefined;
      if (rendered) sendPage(ctx, rendered);
      else await send(ctx, page, options);
      return;
    }
    try {
      const served = await send(ctx, ctx.path, options);
      if (served) return;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404 && status !== 400) throw error;
    }
    if (path.extname(ctx.path) && ctx.path !== '/index.html') return next(); // a missing file, not a route
    await send(ctx, page, options);
  };
}
