import Router from '@koa/router';
import type { Middleware } from 'koa';
import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { allow, allowListed, inParams, ownerOnly, publicRoute, signedIn, type RouteAccess } from '../../api/platform/access/route-access';
import { loadConfig } from '../../api/platform/config';
import { documentedAccess } from '../support/api-doc-access';
import { routeName, routesOf, servedRouteList, type ApiRoute } from '../support/route-list';

/**
 * Every route the routers serve declares who may call it, with a guard of
 * api/platform/access/route-access.ts as its FIRST middleware (docs/permissions.md); the matrix
 * (permissions-matrix*.test.ts) then calls each as every role. Read from the routers themselves,
 * so a route added without a declaration fails here the day it is added.
 */

/** The access levels docs/api.md gives routes called without a session: a player's, a kiosk's, a public screen's, signing in, a signed upload URL's. */
const WITHOUT_ACCOUNT = new Set(['public', 'anyone', 'player', 'device', 'signed']);

/** The routes whose first middleware declares nothing, by name. */
const undeclared = (routes: readonly ApiRoute[]): string[] => routes.filter((route) => route.access === undefined).map(routeName);

/**
 * Routes declared public that docs/api.md does not call public, player or device (an admin route
 * left open), and player or device routes declared anything but public: the app never loads the
 * user on those (api/platform/http/player-routes.ts), so any other guard would refuse every caller.
 */
function publicMismatches(routes: readonly ApiRoute[], documented: ReadonlyMap<string, string>): string[] {
  return routes.flatMap((route) => {
    const level = documented.get(routeName(route)) ?? '(not in docs/api.md)';
    const declaredPublic = route.access?.level === 'public';
    if (declaredPublic && !WITHOUT_ACCOUNT.has(level)) return [`${routeName(route)} is declared public, but docs/api.md calls it ${level}`];
    if (!declaredPublic && route.access && (level === 'player' || level === 'device')) return [`${routeName(route)} is a ${level} route, declared ${route.access.level}`];
    return [];
  });
}

/** A declaration's level as the summary counts it: a company action on objects, or a list the route filters. */
const levelOf = (access: RouteAccess): string => (access.level === 'company' ? (access.targets.length ? 'company' : 'company list') : access.level);

const handler: Middleware = (ctx) => {
  ctx.body = { ok: true };
};
const neverConnects = new DataSource({ type: 'postgres' });

describe('the checker', () => {
  it('names each route of a made-up router whose first middleware declares nothing', () => {
    const router = new Router();
    router.get('/api/nothing', handler);
    router.post('/api/guard-second/:id', (_ctx, next) => next(), signedIn, handler);
    router.get('/api/declared', signedIn, handler);
    // A guard a router applies with use() is not the route's own declaration.
    router.use(ownerOnly);
    router.delete('/api/behind-use/:id', handler);
    expect(undeclared(routesOf([router]))).toEqual(['GET /api/nothing', 'POST /api/guard-second/:id', 'DELETE /api/behind-use/:id']);
  });

  it('passes a made-up router whose every route declares its access first', () => {
    const router = new Router();
    router.get('/api/things', allowListed('content.view'), handler);
    router.patch('/api/things/:id', allow(neverConnects, 'content.edit', inParams('group')), handler);
    router.post('/api/login', publicRoute, handler);
    router.get('/api/user', signedIn, handler);
    router.delete('/api/users/:id', ownerOnly, handler);
    const routes = routesOf([router]);
    expect(routes.map(routeName)).toEqual(['GET /api/things', 'PATCH /api/things/:id', 'POST /api/login', 'GET /api/user', 'DELETE /api/users/:id']);
    expect(undeclared(routes)).toEqual([]);
    expect(routes.map((route) => route.access && levelOf(route.access))).toEqual(['company list', 'company', 'public', 'signed-in', 'owner']);
  });

  it('names a public declaration docs/api.md calls admin, and a player route behind a sign-in', () => {
    const router = new Router();
    router.get('/api/companies', publicRoute, handler);
    router.post('/api/sync', signedIn, handler);
    router.post('/api/players', publicRoute, handler);
    const documented = new Map([
      ['GET /api/companies', 'admin'],
      ['POST /api/sync', 'device'],
      ['POST /api/players', 'player'],
    ]);
    expect(publicMismatches(routesOf([router]), documented)).toEqual([
      'GET /api/companies is declared public, but docs/api.md calls it admin',
      'POST /api/sync is a device route, declared signed-in',
    ]);
  });
});

describe('the routers the API serves', () => {
  const routes = servedRouteList(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'route-list-'.repeat(4) }), neverConnects);

  it('declare each route’s access as its first middleware', () => {
    expect(routes.length).toBeGreaterThan(100);
    const missing = undeclared(routes);
    expect(missing, `routes without a declared access (add publicRoute, signedIn, ownerOnly, allow or allowListed first):\n${missing.join('\n')}`).toEqual([]);
  });

  it('leave the shared guards declaring their own level (declareAs on one would re-declare every route that uses it)', () => {
    expect([publicRoute, signedIn, ownerOnly].map((guard) => guard.routeAccess)).toEqual([{ level: 'public' }, { level: 'signed-in' }, { level: 'owner' }]);
  });

  it('are public only for players, kiosks and public screens, as docs/api.md documents them', () => {
    const open = routes.filter((route) => route.access?.level === 'public').map(routeName);
    const levels = new Map<string, number>();
    for (const route of routes) if (route.access) levels.set(levelOf(route.access), (levels.get(levelOf(route.access)) ?? 0) + 1);
    console.log(`permissions: ${routes.length} routes declared: ${[...levels].map(([level, count]) => `${count} ${level}`).join(', ')}`);
    console.log(`permissions: public (${open.length}): ${open.join(', ')}`);
    expect(publicMismatches(routes, documentedAccess())).toEqual([]);
  });
});
