import { PICTURE_CACHE_NAME } from '../contract/picture-paths';

/**
 * Runtime caches of the service worker: company/trivia logos, questions' pictures, fonts and the
 * admin app's hashed assets, cache-first, with an entry limit and a maximum age (the player shell is precached). Nothing else under /api/ is ever cached (answers, rankings and
 * sync replies must always come from the server). A quota error empties the cache at hand
 * instead of failing the response.
 *
 * Why not Workbox's CacheFirst with its ExpirationPlugin: that pair drops a copy past its age
 * before asking the network (and deletes it in its cleanup), so a kiosk offline longer than a
 * cache's maximum age would lose its logo or font. Here an expired copy is refreshed when the
 * network answers and still served when it does not; its age is stamped on the stored copy, with
 * no second database beside the device's.
 */
export interface CacheRule {
  name: string;
  maxEntries: number;
  maxAgeSeconds: number;
}

export const LOGO_CACHE: CacheRule = { name: 'logos-v1', maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 };
/** Questions' and answers' pictures: a name is its content, never stale; a kiosk fills this cache ahead (web/offline/picture-download.ts). */
export const PICTURE_CACHE: CacheRule = { name: PICTURE_CACHE_NAME, maxEntries: 1000, maxAgeSeconds: 365 * 24 * 60 * 60 };
export const FONT_CACHE: CacheRule = { name: 'fonts-v1', maxEntries: 40, maxAgeSeconds: 365 * 24 * 60 * 60 };
/** Hashed build files (/assets/…): a new build has new names, so a cached copy is never stale. */
export const ASSET_CACHE: CacheRule = { name: 'assets-v1', maxEntries: 200, maxAgeSeconds: 365 * 24 * 60 * 60 };

const CACHED_AT = 'x-sw-cached-at';

/** Which runtime cache answers this request, if any. */
export function cacheRuleFor(request: Request, origin: string): CacheRule | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.origin === origin && url.pathname.startsWith('/api/uploads/')) return LOGO_CACHE;
  if (url.origin === origin && /^\/api\/pictures\/p[0-9a-f]{24}-/.test(url.pathname)) return PICTURE_CACHE;
  if (url.origin === origin && url.pathname.startsWith('/api/')) return undefined;
  if (request.destination === 'font' || /\.(?:woff2?|ttf|otf)$/i.test(url.pathname)) return FONT_CACHE;
  if (url.origin === origin && url.pathname.startsWith('/assets/')) return ASSET_CACHE;
  return undefined;
}

export interface CacheDeps {
  caches: CacheStorage;
  fetch: typeof fetch;
  now: () => number;
}

function isFresh(response: Response, rule: CacheRule, now: number): boolean {
  const cachedAt = Number(response.headers.get(CACHED_AT));
  return Number.isFinite(cachedAt) && now - cachedAt < rule.maxAgeSeconds * 1000;
}

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

/** Stores a copy stamped with its time, then trims the oldest entries beyond the limit. */
async function store(request: Request, response: Response, rule: CacheRule, deps: CacheDeps): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT, String(deps.now()));
  const copy = new Response(await response.clone().blob(), { status: response.status, statusText: response.statusText, headers });
  try {
    const cache = await deps.caches.open(rule.name);
    await cache.put(request, copy);
    const keys = await cache.keys();
    for (const key of keys.slice(0, Math.max(0, keys.length - rule.maxEntries))) await cache.delete(key);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    await deps.caches.delete(rule.name);
  }
}

/**
 * Offline, a picture the cache holds at another width (the screen turned, or was set up at another
 * size) rather than none: `<name>-<width>.<format>`, same name and format.
 */
async function pictureAtAnotherWidth(cache: Cache, request: Request): Promise<Response | undefined> {
  const match = /\/(p[0-9a-f]{24})-\d+\.(\w+)$/.exec(new URL(request.url).pathname);
  if (!match) return undefined;
  const key = (await cache.keys()).find((stored) => {
    const path = new URL(stored.url).pathname;
    return path.includes(`/${match[1]}-`) && path.endsWith(`.${match[2]}`);
  });
  return key && (await cache.match(key));
}

/** Cache-first: a fresh cached copy, else the network (stored when it is a full 200), else a stale copy. */
export async function cacheFirst(request: Request, rule: CacheRule, deps: CacheDeps): Promise<Response> {
  const cache = await deps.caches.open(rule.name);
  const cached = await cache.match(request);
  if (cached && isFresh(cached, rule, deps.now())) return cached;
  try {
    const response = await deps.fetch(request);
    if (response.status === 200) await store(request, response, rule, deps);
    return response;
  } catch (error) {
    const kept = cached ?? (rule === PICTURE_CACHE ? await pictureAtAnotherWidth(cache, request) : undefined);
    if (kept) return kept;
    throw error;
  }
}
