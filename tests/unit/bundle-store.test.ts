// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBundle } from '../../web/offline/bundle-store';
import { buildBundle, freshDb, hangingFetch, json, scriptedFetch } from './offline-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('loadBundle', () => {
  it('stores the bundle, plays the stored copy offline, and refreshes when the version changed', async () => {
    const db = freshDb();
    const v1 = buildBundle();
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, v1)]).fetchStub);
    expect(await loadBundle(db, 7)).toMatchObject({ status: 'ready', source: 'server' });
    expect((await db.bundles.get(7))!.version).toBe('v1');

    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub); // no server
    expect(await loadBundle(db, 7)).toMatchObject({ status: 'ready', source: 'device', bundle: { version: 'v1' } });

    const unchanged = scriptedFetch([() => new Response(null, { status: 304 })]);
    vi.stubGlobal('fetch', unchanged.fetchStub);
    expect(await loadBundle(db, 7)).toMatchObject({ status: 'ready', bundle: { version: 'v1' } });
    expect((unchanged.calls[0]!.init.headers as Record<string, string>)['If-None-Match']).toBe('"v1"');

    const v2 = { ...buildBundle(8), version: 'v2' };
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, v2)]).fetchStub);
    await loadBundle(db, 7);
    expect((await db.bundles.get(7))!.bundle.questions).toHaveLength(8);
  });

  it('says not found for a missing trivia and unavailable when offline with nothing stored', async () => {
    vi.stubGlobal('fetch', scriptedFetch([() => json(404, { error: 'No encontrado', message: 'x', code: 'not_found' })]).fetchStub);
    expect(await loadBundle(freshDb(), 99)).toEqual({ status: 'not-found' });
    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub);
    expect(await loadBundle(freshDb(), 99)).toMatchObject({ status: 'unavailable' });
  });

  it('plays the stored copy when the server does not answer in time', async () => {
    const db = freshDb();
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, buildBundle())]).fetchStub);
    await loadBundle(db, 7);
    vi.stubGlobal('fetch', hangingFetch().fetchStub);
    const started = Date.now();
    expect(await loadBundle(db, 7, { timeoutMs: 200 })).toMatchObject({ status: 'ready', source: 'device', bundle: { version: 'v1' } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('waits longer for a first download, then says the trivia is unavailable', async () => {
    vi.stubGlobal('fetch', hangingFetch().fetchStub);
    const started = Date.now();
    expect(await loadBundle(freshDb(), 7, { timeoutMs: 50, firstLoadTimeoutMs: 600 })).toMatchObject({ status: 'unavailable' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });
});
