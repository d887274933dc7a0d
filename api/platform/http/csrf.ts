import type { Context, Next } from 'koa';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard: every state-changing request must carry `X-Requested-With: XMLHttpRequest`, a header
 * a cross-site form cannot set and a cross-site fetch cannot send without a CORS preflight (which
 * this API never grants). It does not look at the path at all, so no spelling of a path (case,
 * trailing slash, percent-encoding) slips past it; the one exception is `isExempt` (the signed
 * upload PUT, which carries its own signature), matched on the canonical path.
 */
export function csrfGuard(isExempt: (ctx: Context) => boolean) {
  return async (ctx: Context, next: Next) => {
    if (!SAFE_METHODS.has(ctx.method) && ctx.get('X-Requested-With') !== 'XMLHttpRequest' && !isExempt(ctx)) {
      throw forbidden('Solicitud rechazada: falta la cabecera X-Requested-With', { code: 'csrf_header_missing' });
    }
    await next();
  };
}
