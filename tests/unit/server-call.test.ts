import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportReachable, serverReachable, subscribeReachable } from '../../web/offline/connectivity';
import { HttpError, retryAfterMs } from '../../web/offline/http';
import { callServer, classify } from '../../web/offline/server-call';
import { json, scriptedFetch } from './offline-fixtures';

afterEach(() => vi.unstubAllGlobals());

const error = (status: number, code?: string, extra: object = {}) =>
  new HttpError(status, code ? { error: 'x', message: 'x', code: code as never, ...extra } : undefined, undefined);

describe('classify: every reply of the server, one verdict', () => {
  it('sorts replies into success, transient, device-unknown, resync and refused, with whether the server was reached', () => {
    expect(classify(undefined)).toMatchObject({ kind: 'success', reachable: true });
    expect(classify(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'transient', reachable: false });
    expect(classify(new DOMException('t', 'TimeoutError'))).toMatchObject({ kind: 'transient', reachable: false });
    expect(classify(error(503, 'unavailable'))).toMatchObject({ kind: 'transient', reachable: false });
    expect(classify(error(429, 'rate_limited'))).toMatchObject({ kind: 'transient', reachable: true });
    expect(classify(error(400))).toMatchObject({ kind: 'transient', reachable: false }); // not the API's error shape
    expect(classify(error(413))).toMatchObject({ kind: 'refused', code: 'payload_too_large' }); // a proxy's body limit
    expect(classify(error(403, 'device_unknown'))).toMatchObject({ kind: 'device-unknown', reachable: true });
    expect(classify(error(409, 'sync_gap', { lastMutationId: 4 }))).toMatchObject({ kind: 'resync', lastMutationId: 4 });
    expect(classify(error(422, 'sync_payload_mismatch', { lastMutationId: 9 }))).toMatchObject({ kind: 'resync', lastMutationId: 9 });
    expect(classify(error(400, 'validation_failed'))).toMatchObject({ kind: 'refused', status: 400, code: 'validation_failed', reachable: true });
    expect(classify(error(403, 'attempt_limit_reached'))).toMatchObject({ kind: 'refused', code: 'attempt_limit_reached' });
  });

  it('reads a 304 as success (the stored copy is current) and a 429 as reachable', async () => {
    reportReachable(false);
    vi.stubGlobal('fetch', scriptedFetch([() => new Response(null, { status: 304 })]).fetchStub);
    expect(await callServer('GET', '/api/play/7/bundle')).toMatchObject({ kind: 'success', status: 304 });
    expect(serverReachable()).toBe(true);
    vi.stubGlobal('fetch', scriptedFetch([() => json(502, { error: 'x', message: 'x', code: 'bad_gateway' })]).fetchStub);
    expect(await callServer('GET', '/api/play/7/bundle')).toMatchObject({ kind: 'transient' });
    expect(serverReachable()).toBe(false);
    vi.stubGlobal('fetch', scriptedFetch([() => json(429, { error: 'x', message: 'x', code: 'rate_limited' })]).fetchStub);
    expect(await callServer('GET', '/api/play/7/bundle')).toMatchObject({ kind: 'transient' });
    expect(serverReachable()).toBe(true);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('30')).toBe(30_000);
    expect(retryAfterMs(new Date(1_000_000 + 5_000).toUTCString(), 1_000_000)).toBe(5_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('shared reachable state', () => {
  it('follows what another tab reports on the broadcast channel', async () => {
    reportReachable(true);
    const seen: boolean[] = [];
    const unsubscribe = subscribeReachable((value) => seen.push(value));
    const otherTab = new BroadcastChannel('triviando-connectivity');
    otherTab.postMessage(false);
    await vi.waitFor(() => expect(serverReachable()).toBe(false));
    otherTab.postMessage(true);
    await vi.waitFor(() => expect(serverReachable()).toBe(true));
    expect(seen).toEqual([false, true]);
    unsubscribe();
    otherTab.close();
  });
});
