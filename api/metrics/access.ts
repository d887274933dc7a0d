import type { Context, Next } from 'koa';
import { accessOf, declareAs, type GuardMiddleware } from '../platform/access/route-access';
import { AppError, forbidden } from '../platform/http/errors';
import { sameSecret, sha256 } from '../platform/lib/crypto';

export const METRICS_OWNER_REQUIRED = 'Las métricas son de toda la instalación: solo un propietario puede verlas';

/** The token of an `Authorization: Bearer <token>` header, or undefined without one. */
function bearerToken(ctx: Context): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'))?.[1];
}

/**
 * Who may read GET /metrics: a signed-in owner (its figures are the whole installation's, every
 * company's), or a scraper sending METRICS_TOKEN as a bearer token. Without a configured token
 * only owners can, and any bearer token is refused with a message that says so (the operator's
 * scraper is misconfigured, not the token mistyped). The token is compared through its SHA-256, in
 * constant time: neither its content nor its length shows in how long a wrong one takes to refuse.
 * Nothing here touches the database. Declared as owners' (the token is the scraper's way in).
 *
 * No credentials: 401 `unauthenticated` (with `WWW-Authenticate: Bearer`); a member's session
 * without a token: 403 `owner_required`; a wrong token: 403 `metrics_token_invalid`.
 */
export function metricsAccess(token: string | undefined): GuardMiddleware {
  const expected = token === undefined ? undefined : sha256(token);
  return declareAs({ level: 'owner' }, async (ctx: Context, next: Next) => {
    if (ctx.state.user && accessOf(ctx).owner) return next();
    const presented = bearerToken(ctx);
    if (presented === undefined && ctx.state.user) throw forbidden(METRICS_OWNER_REQUIRED, { code: 'owner_required' });
    if (presented === undefined) {
      throw new AppError(401, 'Las métricas requieren el token de métricas o una sesión de propietario', {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
    }
    if (expected === undefined) {
      throw forbidden('Este servidor no tiene token de métricas: solo un propietario con sesión puede verlas', { code: 'metrics_token_invalid' });
    }
    if (!sameSecret(sha256(presented), expected)) throw forbidden('El token de métricas no es válido', { code: 'metrics_token_invalid' });
    await next();
  });
}
