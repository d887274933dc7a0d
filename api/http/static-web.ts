import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

/**
 * Serves the built PWA for every non-API path, falling back to index.html so deep links such as
 * /play-trivia/7 load the app (SPA fallback). Hashed assets are cached for a year; the shell, the
 * service worker and the manifest are revalidated on every load so updates reach kiosks.
 */
export function staticWeb(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx: Context, next: Next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || !['GET', 'HEAD'].includes(ctx.method)) return next();
    if (!existsSync(indexFile)) return next();
    const immutable = ctx.path.startsWith('/assets/');
    try {
      const served = await send(ctx, ctx.path, {
        root: distDir,
        immutable,
        maxage: immutable ? 365 * 24 * 3600_000 : 0,
        setHeaders: (res) => {
          if (!immutable) res.setHeader('Cache-Control', 'no-cache');
        },
      });
      if (served) return;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404 && status !== 400) throw error;
    }
    if (path.extname(ctx.path) && ctx.path !== '/index.html') return next(); // a missing file, not a route
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: distDir });
  };
}
