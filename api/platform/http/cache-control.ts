import type { Context, Next } from 'koa';
import { requestPath } from './request-path';

/**
 * API replies are never stored by a browser or a proxy (`Cache-Control: no-store`): they carry an
 * admin's data or a player's, and a shared computer's cache or back button must not show them to
 * the next person. Error replies too. A route whose reply is public and cacheable says so itself
 * by setting its own `Cache-Control` (the trivia bundle and manifest, the big screen's feed:
 * `no-cache` with an ETag; stored logos and pictures: immutable); this middleware only gives the default.
 */
export function apiRepliesNotStored() {
  return async (ctx: Context, next: Next) => {
    if (!requestPath(ctx).isApi) return next();
    ctx.set('Cache-Control', 'no-store');
    try {
      await next();
    } catch (error) {
      ctx.set('Cache-Control', 'no-store'); // a route that chose public caching and then failed
      throw error;
    }
  };
}
