import type { ErrorCode } from '../../contract';
import { reportReachable } from './connectivity';
import { HttpError, requestJson, type HttpOptions } from './http';

/**
 * Every reply of the server, classified once. Callers branch on the verdict, never on a status,
 * and each call updates the shared "reachable" state from it.
 * - `success`: 2xx, or 304 (the stored copy is current);
 * - `transient`: no network, a time-out, 408, 5xx, 429 (with Retry-After when given), or an error
 *   that is not the API's (no contract `code`: a proxy or captive portal answered; a 413 aside,
 *   which is a refusal whoever says it). Try again later, never set an entry aside for it;
 * - `device-unknown`: 403 `device_unknown`, a device registration the server cannot verify;
 * - `resync`: 409 `sync_gap` or 422 `sync_payload_mismatch`, with the server's counter;
 * - `refused`: any other 4xx from the API: the server read the request and said no.
 */
export type Verdict =
  | { kind: 'success'; reachable: true }
  /** `contactTicket`: a device registration refused for a busy address (429), dated by the server. */
  | { kind: 'transient'; reachable: boolean; message: string; retryAfterMs?: number; contactTicket?: string }
  | { kind: 'device-unknown'; reachable: true; message: string }
  | { kind: 'resync'; reachable: true; message: string; lastMutationId: number }
  | { kind: 'refused'; reachable: true; message: string; status: number; code: ErrorCode };

/** A failure that means "could not talk to the server" (no network, a time-out). */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError'));
}

const NO_SERVER = 'No se pudo contactar al servidor';

/** The one classification of a call's outcome: the thrown error, or `undefined` for a reply that arrived (2xx / 304). */
export function classify(error: unknown): Verdict {
  if (error === undefined) return { kind: 'success', reachable: true };
  if (!(error instanceof HttpError)) {
    return { kind: 'transient', reachable: false, message: isNetworkFailure(error) || !(error instanceof Error) ? NO_SERVER : error.message };
  }
  const { status, message } = error;
  if (status === 429) {
    const ticket = error.body?.contactTicket;
    return { kind: 'transient', reachable: true, message, retryAfterMs: error.retryAfterMs, ...(typeof ticket === 'string' ? { contactTicket: ticket } : {}) };
  }
  // A proxy that finds the body too large refuses it as the API would: split it like any refusal.
  const code = error.code ?? (status === 413 ? 'payload_too_large' : undefined);
  if (status >= 500 || status === 408 || code === undefined) return { kind: 'transient', reachable: false, message, retryAfterMs: error.retryAfterMs };
  if (status === 403 && code === 'device_unknown') return { kind: 'device-unknown', reachable: true, message };
  const lastMutationId = error.lastMutationId;
  if ((code === 'sync_gap' || code === 'sync_payload_mismatch') && lastMutationId !== undefined) {
    return { kind: 'resync', reachable: true, message, lastMutationId };
  }
  return { kind: 'refused', reachable: true, message, status, code };
}

export type ServerAnswer<T> = { kind: 'success'; status: number; body: T | undefined } | Exclude<Verdict, { kind: 'success' }>;

/** One request to the API, classified, with the shared reachable state updated from its verdict. */
export async function callServer<T>(method: string, path: string, body?: unknown, options?: HttpOptions): Promise<ServerAnswer<T>> {
  let verdict: Verdict;
  try {
    const reply = await requestJson<T>(method, path, body, options);
    reportReachable(true);
    return { kind: 'success', status: reply.status, body: reply.body };
  } catch (error) {
    verdict = classify(error);
  }
  reportReachable(verdict.reachable);
  return verdict as Exclude<Verdict, { kind: 'success' }>;
}
