import type { ApiErrorBody, ErrorCode } from '../../contract';

/**
 * The offline layer's own HTTP: JSON in and out, the XMLHttpRequest marker header the API's CSRF
 * guard needs, and a time-out on every call. A reply other than 2xx or 304 throws `HttpError`.
 */

/**
 * How long the player screen waits for the server (bundle, validation, sync push) before it
 * carries on as if offline: on a booth's weak Wi-Fi a request can hang far longer than a player waits.
 */
export const REQUEST_TIMEOUT_MS = 8_000;

/** A non-2xx reply (304 aside): its status, the contract's error body when there was one, and Retry-After. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiErrorBody> | undefined,
    /** Retry-After, in ms, when the reply carried one. */
    readonly retryAfterMs: number | undefined,
  ) {
    super(body?.details ?? body?.error ?? body?.message ?? `Error ${status}`);
    this.name = 'HttpError';
  }

  /** The server's machine code (what to branch on); undefined when the reply was not the API's (a proxy's page). */
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }

  /** `sync_gap` and `sync_payload_mismatch`: the last mutation id the server holds for the device. */
  get lastMutationId(): number | undefined {
    const value = this.body?.lastMutationId;
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  }
}

/** A successful reply: 304 (the stored copy is current) has no body. */
export interface HttpReply<T> {
  status: number;
  body: T | undefined;
}

export interface HttpOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Retry-After as seconds or as an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

export async function requestJson<T>(method: string, path: string, body?: unknown, options: HttpOptions = {}): Promise<HttpReply<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
  });
  const text = response.status === 304 ? '' : await response.text();
  if (response.ok || response.status === 304) return { status: response.status, body: parseJson(text) as T | undefined };
  const parsed = parseJson(text);
  const errorBody = parsed !== null && typeof parsed === 'object' ? (parsed as Partial<ApiErrorBody>) : undefined;
  throw new HttpError(response.status, errorBody, retryAfterMs(response.headers.get('Retry-After')));
}
