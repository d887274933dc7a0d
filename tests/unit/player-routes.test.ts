import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { isKioskSetup, isPlayerRoute } from '../../api/platform/http/player-routes';
import { documentedAccess } from '../support/api-doc-access';

/** Each documented route of docs/api.md with its access level, its parameters filled. */
function documentedRoutes(): { method: string; path: string; access: string }[] {
  return [...documentedAccess()].map(([route, access]) => {
    const [method, path] = route.split(' ') as [string, string];
    return { method, path: path.replace(/:\w+/g, '7'), access };
  });
}

const request = (method: string, path: string) => ({ method, path, state: {} }) as unknown as Context;

describe('player routes (the ones that never read the admin session)', () => {
  const routes = documentedRoutes();

  it('are every player and device route of docs/api.md, and the bundle, manifest and poll results', () => {
    const player = routes.filter((r) => r.access === 'player' || r.access === 'device' || r.path.startsWith('/api/play/'));
    expect(player.length).toBeGreaterThanOrEqual(11);
    for (const route of player) expect(isPlayerRoute(request(route.method, route.path)), `${route.method} ${route.path}`).toBe(true);
  });

  it('are no admin route and no other public route', () => {
    const others = routes.filter((r) => r.access !== 'player' && r.access !== 'device' && !r.path.startsWith('/api/play/'));
    expect(others.some((r) => r.access === 'admin')).toBe(true);
    for (const route of others) expect(isPlayerRoute(request(route.method, route.path)), `${route.method} ${route.path}`).toBe(false);
  });

  it('match every spelling the router accepts, by method', () => {
    expect(isPlayerRoute(request('POST', '/API/Sync/'))).toBe(true);
    expect(isPlayerRoute(request('HEAD', '/api/play/3/bundle'))).toBe(true);
    expect(isPlayerRoute(request('GET', '/api/devices'))).toBe(false);
    expect(isPlayerRoute(request('POST', '/api/player-attempts/7/release'))).toBe(false);
    expect(isKioskSetup(request('POST', '/api/kiosk-setup'))).toBe(true);
    expect(isKioskSetup(request('POST', '/api/question-groups/7/kiosk-setup'))).toBe(false);
  });
});
