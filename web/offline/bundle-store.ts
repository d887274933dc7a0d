import { ApiError, request } from '../lib/api';
import type { PlayBundle } from '../../contract';
import { isNetworkFailure, reportReachable, REQUEST_TIMEOUT_MS } from './connectivity';
import type { TriviaDb } from './db';

export type BundleResult =
  | { status: 'ready'; bundle: PlayBundle; source: 'server' | 'device' }
  | { status: 'not-found' }
  | { status: 'unavailable'; error: string };

/** Without a stored copy the download is the only way to play: a slow link gets longer than usual. */
export const FIRST_LOAD_TIMEOUT_MS = 30_000;

/**
 * The trivia's content: from the server when it answers (stored again only when its version
 * changed), else the copy kept on the device, so a kiosk that opened it once plays it offline.
 * A server that does not answer in time counts as unreachable.
 */
export async function loadBundle(
  db: TriviaDb,
  groupId: number,
  { timeoutMs = REQUEST_TIMEOUT_MS, firstLoadTimeoutMs = FIRST_LOAD_TIMEOUT_MS } = {},
): Promise<BundleResult> {
  const stored = await db.bundles.get(groupId);
  try {
    // The version is the ETag: an unchanged trivia answers 304 and the stored copy is used.
    const headers: Record<string, string> = stored ? { 'If-None-Match': `"${stored.version}"` } : {};
    const bundle = await request<PlayBundle>('GET', `/api/play/${groupId}/bundle`, undefined, {
      headers,
      timeoutMs: stored ? timeoutMs : firstLoadTimeoutMs,
    });
    reportReachable(true);
    if (stored?.version !== bundle.version) {
      await db.bundles.put({ groupId, version: bundle.version, bundle, storedAt: new Date().toISOString() });
    }
    return { status: 'ready', bundle, source: 'server' };
  } catch (error) {
    if (stored && error instanceof ApiError && error.status === 304) {
      reportReachable(true);
      return { status: 'ready', bundle: stored.bundle, source: 'server' };
    }
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      reportReachable(true);
      return { status: 'not-found' };
    }
    if (isNetworkFailure(error) || (error instanceof ApiError && error.status >= 500)) reportReachable(false);
    if (stored) return { status: 'ready', bundle: stored.bundle, source: 'device' };
    return { status: 'unavailable', error: error instanceof Error ? error.message : String(error) };
  }
}
