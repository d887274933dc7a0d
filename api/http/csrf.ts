import type { Context, Next } from 'koa';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard: a state-changing API request must carry `X-Requested-With: XMLHttpRequest`, a header
 * a cross-site form cannot set and a cross-site fetch cannot send without a CORS preflight (which
 * this API never grants). The signed upload PUT carries its own signature instead.
 */
export function csrfGuard(exemptPrefixes: string[]) {
  return async (ctx: Context, next: Next) => {
    if (
      ctx.path.startsWith('/api/') &&
      !SAFE_METHODS.has(ctx.method) &&
      ctx.get('X-Requested-With') !== 'XMLHttpRequest' &&
      !exemptPrefixes.some((prefix) => ctx.path.startsWith(prefix))
    ) {
      throw forbidden('Solicitud rechazada: falta la cabecera X-Requested-With', { code: 'csrf_header_missing' });
    }
    await next();
  };
}
