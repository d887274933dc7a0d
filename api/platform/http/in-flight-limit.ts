import type { Context, Next } from 'koa';
import { AppError } from './errors';

/**
 * At most `perAddress` requests of one address in flight at once, from the moment their headers
 * arrive to the moment their reply is sent or their connection closes (a streamed export counts
 * until its last byte). Past it, a 429 at once, before the body is read, with the connection
 * closed: a client holding hundreds of trickling uploads cannot take the server's sockets and
 * memory from the booths. The address is Koa's `ctx.ip`: behind a trusted proxy, the client's.
 * Refusals are counted in `trivia_rate_limited_total{limiter="in-flight"}`.
 */
export function inFlightLimit(perAddress: number, refusals?: { inc(labels: { limiter: string }): void }) {
  const inFlight = new Map<string, number>();
  const release = (address: string) => {
    const left = (inFlight.get(address) ?? 1) - 1;
    if (left > 0) inFlight.set(address, left);
    else inFlight.delete(address);
  };
  return async (ctx: Context, next: Next) => {
    const address = ctx.ip;
    const current = inFlight.get(address) ?? 0;
    if (current >= perAddress) {
      refusals?.inc({ limiter: 'in-flight' });
      throw new AppError(429, 'Demasiadas solicitudes a la vez desde esta dirección. Intenta de nuevo en unos momentos.', {
        code: 'requests_in_flight_limited',
        headers: { 'Retry-After': '1', Connection: 'close' },
      });
    }
    inFlight.set(address, current + 1);
    ctx.res.once('close', () => release(address));
    await next();
  };
}
