import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { requestPath } from './request-path';

/** Navigations to the player screen get its own small page (play.html); every other one the admin app. */
export function pageFor(requestPath: string): 'play.html' | 'index.html' {
  return /^\/play-trivia\/[^/]+\/?$/.test(requestPath) ? 'play.html' : 'index.html';
}

/** Hashed build files never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built PWA for every non-API path: /play-trivia/:id gets play.html (the player build),
 * other deep links index.html (the admin app's router picks the screen). Files are sent as the
 * build's pre-compressed .br or .gz copy when the client accepts it, with `Vary: Accept-Encoding`.
 * Hashed assets are cached for a year (immutable, so the service worker's first precache hits the
 * HTTP cache); the pages, the service worker and the manifest are revalidated on every load so
 * updates reach kiosks.
 */
export function staticWeb(distDir: string) {
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
      await send(ctx, page, options);
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
