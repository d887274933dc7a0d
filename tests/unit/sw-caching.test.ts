import { describe, expect, it } from 'vitest';
import { ASSET_CACHE, cacheFirst, cacheRuleFor, FONT_CACHE, LOGO_CACHE, PICTURE_CACHE } from '../../sw/caching';

const ORIGIN = 'https://kiosk.example';

/** An in-memory CacheStorage with the few methods the handlers use; `quotaAfter` makes puts fail. */
function memoryCaches(quotaAfter = Infinity) {
  const stores = new Map<string, Map<string, Response>>();
  let puts = 0;
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const entries = stores.get(name)!;
    return {
      match: async (request: Request) => entries.get(request.url)?.clone(),
      put: async (request: Request, response: Response) => {
        if (++puts > quotaAfter) throw new DOMException('full', 'QuotaExceededError');
        entries.set(request.url, response);
      },
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      delete: async (request: Request) => entries.delete(request.url),
    } as unknown as Cache;
  };
  return { caches: { open, delete: async (name: string) => stores.delete(name) } as unknown as CacheStorage, stores };
}

function countingFetch(body = 'png-bytes') {
  const calls: string[] = [];
  const fetchStub = (async (request: Request) => {
    calls.push(request.url);
    return new Response(body, { status: 200 });
  }) as typeof fetch;
  return { fetchStub, calls };
}

describe('cacheRuleFor', () => {
  it('caches logos and fonts, and never any other API reply', () => {
    expect(cacheRuleFor(new Request(`${ORIGIN}/api/uploads/company/1/a.png`), ORIGIN)).toBe(LOGO_CACHE);
    expect(cacheRuleFor(new Request(`${ORIGIN}/assets/inter-latin-400.woff2`), ORIGIN)).toBe(FONT_CACHE);
    for (const path of ['/api/ranking?questionGroupId=1', '/api/play/1/bundle', '/api/sync', '/api/user']) {
      expect(cacheRuleFor(new Request(`${ORIGIN}${path}`), ORIGIN)).toBeUndefined();
    }
    expect(cacheRuleFor(new Request(`${ORIGIN}/api/uploads/x.png`, { method: 'POST', body: 'x' }), ORIGIN)).toBeUndefined();
  });
});

describe('cacheRuleFor, pictures', () => {
  it('caches the questions\' pictures (the cache a kiosk fills ahead), and nothing else of /api/pictures', () => {
    expect(cacheRuleFor(new Request(`${ORIGIN}/api/pictures/p0123456789abcdef01234567-800.avif`), ORIGIN)).toBe(PICTURE_CACHE);
    expect(PICTURE_CACHE.name).toBe('pictures-v1');
    expect(cacheRuleFor(new Request(`${ORIGIN}/api/pictures/upload-url`), ORIGIN)).toBeUndefined();
    expect(cacheRuleFor(new Request(`${ORIGIN}/api/pictures/uploads/token`, { method: 'PUT', body: 'x' }), ORIGIN)).toBeUndefined();
  });

  it('offline, answers a picture held at another width rather than none; never another picture or format', async () => {
    const { caches } = memoryCaches();
    const picture = (width: number, format = 'webp', name = 'p0123456789abcdef01234567') => new Request(`${ORIGIN}/api/pictures/${name}-${width}.${format}`);
    const online = countingFetch('webp-400');
    await cacheFirst(picture(400), PICTURE_CACHE, { caches, fetch: online.fetchStub, now: () => 0 });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const deps = { caches, fetch: offline, now: () => 0 };
    expect(await (await cacheFirst(picture(800), PICTURE_CACHE, deps)).text()).toBe('webp-400');
    await expect(cacheFirst(picture(800, 'avif'), PICTURE_CACHE, deps)).rejects.toThrow('Failed to fetch');
    await expect(cacheFirst(picture(800, 'webp', 'pffffffffffffffffffffffff'), PICTURE_CACHE, deps)).rejects.toThrow('Failed to fetch');
    // A logo has no such fallback.
    await expect(cacheFirst(new Request(`${ORIGIN}/api/uploads/company-1-x.png`), LOGO_CACHE, deps)).rejects.toThrow('Failed to fetch');
  });
});

describe('cacheRuleFor, build files', () => {
  it('caches the admin app\'s hashed assets as they are used, and theme fonts in the font cache', () => {
    expect(cacheRuleFor(new Request(`${ORIGIN}/assets/dashboard-page-Ab12.js`), ORIGIN)).toBe(ASSET_CACHE);
    expect(cacheRuleFor(new Request(`${ORIGIN}/assets/index-Ab12.css`), ORIGIN)).toBe(ASSET_CACHE);
    expect(cacheRuleFor(new Request(`${ORIGIN}/assets/fonts/poppins-latin-400-normal-Ab12.woff2`), ORIGIN)).toBe(FONT_CACHE);
    expect(cacheRuleFor(new Request('https://cdn.example.com/assets/x.js'), ORIGIN)).toBeUndefined();
    expect(cacheRuleFor(new Request(`${ORIGIN}/index.html`), ORIGIN)).toBeUndefined();
  });
});

describe('cacheFirst', () => {
  it('answers from the cache once stored, and from the network again when the copy expired', async () => {
    const { caches } = memoryCaches();
    const { fetchStub, calls } = countingFetch();
    let now = 1_000;
    const deps = { caches, fetch: fetchStub, now: () => now };
    const request = () => new Request(`${ORIGIN}/api/uploads/logo.png`);

    expect(await (await cacheFirst(request(), LOGO_CACHE, deps)).text()).toBe('png-bytes');
    expect(await (await cacheFirst(request(), LOGO_CACHE, deps)).text()).toBe('png-bytes');
    expect(calls).toHaveLength(1);
    now += LOGO_CACHE.maxAgeSeconds * 1000 + 1;
    await cacheFirst(request(), LOGO_CACHE, deps);
    expect(calls).toHaveLength(2);
  });

  it('serves a stale copy when the network is down, and fails when there is none', async () => {
    const { caches } = memoryCaches();
    let now = 0;
    await cacheFirst(new Request(`${ORIGIN}/api/uploads/a.png`), LOGO_CACHE, { caches, fetch: countingFetch().fetchStub, now: () => now });
    now = LOGO_CACHE.maxAgeSeconds * 2000;
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await (await cacheFirst(new Request(`${ORIGIN}/api/uploads/a.png`), LOGO_CACHE, { caches, fetch: offline, now: () => now })).text()).toBe('png-bytes');
    await expect(cacheFirst(new Request(`${ORIGIN}/api/uploads/b.png`), LOGO_CACHE, { caches, fetch: offline, now: () => now })).rejects.toThrow('Failed to fetch');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const { caches, stores } = memoryCaches();
    const deps = { caches, fetch: countingFetch().fetchStub, now: () => 0 };
    for (let i = 0; i < LOGO_CACHE.maxEntries + 3; i++) await cacheFirst(new Request(`${ORIGIN}/api/uploads/${i}.png`), LOGO_CACHE, deps);
    const urls = [...stores.get(LOGO_CACHE.name)!.keys()];
    expect(urls).toHaveLength(LOGO_CACHE.maxEntries);
    expect(urls[0]).toBe(`${ORIGIN}/api/uploads/3.png`);
  });

  it('purges the cache on a quota error and still answers from the network', async () => {
    const { caches, stores } = memoryCaches(1);
    const deps = { caches, fetch: countingFetch().fetchStub, now: () => 0 };
    await cacheFirst(new Request(`${ORIGIN}/api/uploads/1.png`), LOGO_CACHE, deps);
    const response = await cacheFirst(new Request(`${ORIGIN}/api/uploads/2.png`), LOGO_CACHE, deps);
    expect(await response.text()).toBe('png-bytes');
    expect(stores.has(LOGO_CACHE.name)).toBe(false);
  });

  it('does not store error replies', async () => {
    const { caches, stores } = memoryCaches();
    const notFound = (async () => new Response('no', { status: 404 })) as typeof fetch;
    expect((await cacheFirst(new Request(`${ORIGIN}/api/uploads/x.png`), LOGO_CACHE, { caches, fetch: notFound, now: () => 0 })).status).toBe(404);
    expect(stores.get(LOGO_CACHE.name)!.size).toBe(0);
  });
});
