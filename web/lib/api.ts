import type { ApiErrorBody, ErrorCode } from '../../contract';

/** A non-2xx reply. `message` is "status: body"; `serverMessage` is what to show a person. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: Partial<ApiErrorBody> | undefined,
    readonly statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's machine code (what to branch on), or undefined when the reply had none (a proxy's error page). */
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }

  get serverMessage(): string {
    return this.body?.details ?? this.body?.error ?? this.body?.message ?? this.message;
  }
}

export interface RequestOptions {
  /** Read a 401 as `null` instead of an error (the current-user read does this). */
  on401?: 'null' | 'throw';
  signal?: AbortSignal;
  /** Gives up after this many ms (the fetch rejects with a `TimeoutError` DOMException). */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Sees a successful reply before its body is read (e.g. for a header such as X-Total-Count). */
  onResponse?: (response: Response) => void;
  /** A signed upload URL: its signature authorises the call, so neither the session cookie nor the CSRF marker goes with it. */
  signedUrl?: boolean;
}

function signalOf(options: RequestOptions): AbortSignal | undefined {
  if (options.timeoutMs === undefined) return options.signal;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  return options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one fetch wrapper of the web app: cookies included and the XMLHttpRequest
 * marker header the API's CSRF guard needs (neither for a signed upload URL). It answers the successful Response unread, for the
 * few calls that are not JSON (a CSV download, an image upload); a non-2xx reply throws ApiError.
 */
export async function send(method: string, path: string, body?: BodyInit, options: RequestOptions = {}): Promise<Response> {
  const response = await fetch(path, {
    method,
    headers: options.signedUrl ? options.headers : { 'X-Requested-With': 'XMLHttpRequest', ...options.headers },
    credentials: options.signedUrl ? 'omit' : 'include',
    body,
    signal: signalOf(options),
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, parseJson(text) as Partial<ApiErrorBody> | undefined, response.statusText);
  }
  return response;
}

/** A JSON call through `send`: JSON in and out. */
export async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await send(method, path, body === undefined ? undefined : JSON.stringify(body), { ...options, headers });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && options.on401 === 'null') return null as T;
    throw error;
  }
  options.onResponse?.(response);
  return parseJson(await response.text()) as T;
}

/** One page of a paged list route: its rows, and the full count from the X-Total-Count header. */
export async function getPage<T>(path: string, options: RequestOptions = {}): Promise<{ items: T[]; total: number }> {
  let total: number | undefined;
  const items = await request<T[]>('GET', path, undefined, {
    ...options,
    onResponse: (response) => {
      const header = response.headers.get('X-Total-Count');
      total = header === null ? undefined : Number(header);
    },
  });
  return { items, total: total ?? items.length };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};

/** The text to show a person for any error. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}
