import type { PlayBundle } from '../../contract';
import type { TriviaDb } from './db';
import { REQUEST_TIMEOUT_MS } from './http';
import { callServer } from './server-call';

export type BundleResult =
  | { status: 'ready'; bundle: PlayBundle; source: 'server' | 'device' }
  | { status: 'not-found' }
  | { status: 'unavailable'; error: string };

/** Without a stored copy the download is the only way to play: a slow link gets longer than usual. */
export const FIRST_LOAD_TIMEOUT_MS = 30_000;

/**
 * The trivia's content: from the server when it answers (stored again only when its version
 * changed), else the copy kept on the device, so a kiosk that opened it once plays it offline.
 * Only a set-up kiosk's copy holds the answer key, kept in this database and nowhere else.
 * A server that does not answer in time counts as unreachable.
 */
export async function loadBundle(
  db: TriviaDb,
  groupId: number,
  { timeoutMs = REQUEST_TIMEOUT_MS, firstLoadTimeoutMs = FIRST_LOAD_TIMEOUT_MS } = {},
): Promise<BundleResult> {
  const [stored, device] = await Promise.all([db.bundles.get(groupId), db.device.get('device')]);
  // The version is the ETag: an unchanged trivia answers 304 and the stored copy is used. The
  // device says who it is: a kiosk set up for this trivia gets the copy with the answer key.
  const headers: Record<string, string> = {
    ...(stored ? { 'If-None-Match': `"${stored.version}"` } : {}),
    ...(device?.deviceId && device.secret ? { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } : {}),
  };
  const answer = await callServer<PlayBundle>('GET', `/api/play/${groupId}/bundle`, undefined, {
    headers,
    timeoutMs: stored ? timeoutMs : firstLoadTimeoutMs,
  });
  if (answer.kind === 'success') {
    const bundle = answer.status === 304 ? stored?.bundle : answer.body;
    if (bundle) {
      if (stored?.version !== bundle.version) await db.bundles.put({ groupId, version: bundle.version, bundle, storedAt: new Date().toISOString() });
      return { status: 'ready', bundle, source: 'server' };
    }
  }
  if (answer.kind === 'refused' && (answer.status === 404 || answer.status === 400)) return { status: 'not-found' };
  if (stored) return { status: 'ready', bundle: stored.bundle, source: 'device' };
  return { status: 'unavailable', error: answer.kind === 'success' ? 'Respuesta del servidor no válida' : answer.message };
}
