import type { Context, Middleware, Next } from 'koa';
import { requestPath } from './request-path';

/** One player route: the method and the canonical path (api/platform/http/request-path.ts) it is served at. */
interface PlayerRoute {
  method: 'GET' | 'POST' | 'PATCH';
  path: RegExp;
}

/**
 * The player routes: what the player screen, a phone and a kiosk call, without an account (the
 * `player` and `device` access levels of docs/api.md, the bundle, manifest and poll
 * results under /api/play, and the questions' pictures). They never read the admin session: a tablet or a phone that still carries an admin
 * cookie plays, syncs and sets itself up exactly as one without it, and no player request keeps an
 * admin session alive. tests/unit/player-routes.test.ts holds this list to docs/api.md.
 */
const PLAYER_ROUTES: readonly PlayerRoute[] = [
  { method: 'GET', path: /^\/api\/play\/[^/]+\/bundle$/ },
  { method: 'GET', path: /^\/api\/play\/[^/]+\/manifest\.webmanifest$/ },
  { method: 'GET', path: /^\/api\/play\/[^/]+\/polls$/ },
  { method: 'POST', path: /^\/api\/players\/validate$/ },
  { method: 'POST', path: /^\/api\/players$/ },
  { method: 'POST', path: /^\/api\/player-attempts$/ },
  { method: 'PATCH', path: /^\/api\/player-attempts\/[^/]+$/ },
  { method: 'POST', path: /^\/api\/player-attempts\/[^/]+\/answers$/ },
  { method: 'POST', path: /^\/api\/devices$/ },
  { method: 'GET', path: /^\/api\/devices\/me\/receipt$/ },
  { method: 'POST', path: /^\/api\/devices\/me\/heartbeat$/ },
  { method: 'POST', path: /^\/api\/sync$/ },
  { method: 'POST', path: /^\/api\/kiosk-setup$/ },
  { method: 'POST', path: /^\/api\/kiosk-release$/ },
  { method: 'GET', path: /^\/api\/pictures\/[^/]+$/ },
];

/**
 * Redeeming a kiosk setup link: the one player route that looks at the session, and only to end
 * it (a browser that becomes a kiosk stops being an admin's; api/play/devices/kiosk-routes.ts).
 */
const KIOSK_SETUP: PlayerRoute = { method: 'POST', path: /^\/api\/kiosk-setup$/ };

const matches = (ctx: Context, route: PlayerRoute) => {
  const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
  return method === route.method && route.path.test(requestPath(ctx).canonical);
};

/** Whether a request is for a player route (by method and canonical path). */
export const isPlayerRoute = (ctx: Context): boolean => PLAYER_ROUTES.some((route) => matches(ctx, route));

/** Whether a request redeems a kiosk setup link. */
export const isKioskSetup = (ctx: Context): boolean => matches(ctx, KIOSK_SETUP);

/**
 * Runs `middleware` except on the requests `skip` picks: there it is never called, so (for the
 * session) the store is not read, the session not renewed and no cookie written.
 */
export function unless(skip: (ctx: Context) => boolean, middleware: Middleware): Middleware {
  return (ctx: Context, next: Next) => (skip(ctx) ? next() : middleware(ctx, next));
}
