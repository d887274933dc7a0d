import type { Context, Next } from 'koa';
import { unsupportedMediaType } from './errors';

const BODILESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes take JSON only: a request body of any other media type (text/plain, a form, no
 * Content-Type at all) is a 415, not a silently empty body. A request without a body (or an empty
 * one: a bodiless fetch POST sends Content-Length: 0) passes. Like the CSRF guard it does not look
 * at the path; `isExempt` takes other bytes on purpose (the signed uploads of a logo and of a
 * question's picture take an image).
 */
export function jsonBodiesOnly(isExempt: (ctx: Context) => boolean) {
  return async (ctx: Context, next: Next) => {
    if (
      !BODILESS_METHODS.has(ctx.method) &&
      ctx.get('Content-Length') !== '0' &&
      ctx.request.is('json', '+json') === false &&
      !isExempt(ctx)
    ) {
      throw unsupportedMediaType();
    }
    await next();
  };
}
