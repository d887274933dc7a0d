import type { Context, Next } from 'koa';
import { isApiPath, unsupportedMediaType } from '../errors';

/**
 * The API's write routes take JSON only: a request body of any other media type (text/plain, a
 * form, no Content-Type at all) is a 415, not a silently empty body. A request without a body
 * (or an empty one: a bodiless fetch POST sends Content-Length: 0) passes. `exemptPrefixes` take
 * other bytes on purpose (the signed logo upload takes an image).
 */
export function jsonBodiesOnly(exemptPrefixes: string[]) {
  return async (ctx: Context, next: Next) => {
    if (
      isApiPath(ctx.path) &&
      !['GET', 'HEAD', 'OPTIONS'].includes(ctx.method) &&
      ctx.get('Content-Length') !== '0' &&
      ctx.request.is('json', '+json') === false &&
      !exemptPrefixes.some((prefix) => ctx.path.startsWith(prefix))
    ) {
      throw unsupportedMediaType();
    }
    await next();
  };
}
