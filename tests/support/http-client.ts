export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send the body as is (a string or bytes) instead of JSON. */
  raw?: string | Uint8Array;
  /** Leave out the X-Requested-With header the web app always sends. */
  withoutMarker?: boolean;
}

/**
 * A small HTTP client for API tests: one cookie jar per client (one browser), the web app's
 * X-Requested-With header by default, JSON bodies.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (!options.withoutMarker) headers['X-Requested-With'] = 'XMLHttpRequest';
    if (this.cookies.size) headers.Cookie = this.cookieHeader();
    let payload: string | Uint8Array | undefined = options.raw;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload as BodyInit | undefined, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: body stays the text */
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  /** The session cookies, for a raw fetch that must see the reply's bytes (a download). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body ?? {}, options);
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body ?? {}, options);
  }
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body ?? {}, options);
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }
}
