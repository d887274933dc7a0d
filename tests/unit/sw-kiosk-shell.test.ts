import { describe, expect, it } from 'vitest';
import { isKioskShellEntry, kioskShell } from '../../sw/kiosk-shell';

const ORIGIN = 'https://kiosk.example';

/** An in-memory CacheStorage: `addAll` stores a response per address, as the network would give it. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const entries = stores.get(name)!;
    return {
      match: async (request: Request | string) => entries.get(typeof request === 'string' ? request : request.url)?.clone(),
      addAll: async (urls: string[]) => urls.forEach((url) => entries.set(url, new Response(`code of ${url}`))),
    };
  };
  const caches = {
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
  return { caches, stores };
}

const manifest = (build: string) => [
  { url: 'play.html', revision: build },
  { url: `assets/play/player-${build}.js`, revision: null },
  { url: `assets/play/kiosk/kiosk-${build}.js`, revision: null },
  { url: `assets/play/kiosk/staff-panel-${build}.js`, revision: null },
];

describe("the service worker's kiosk shell", () => {
  it("leaves the kiosk's chunks out of what every browser precaches", () => {
    expect(manifest('a').filter((entry) => !isKioskShellEntry(entry)).map((entry) => entry.url)).toEqual(['play.html', 'assets/play/player-a.js']);
  });

  it('keeps them once a kiosk asks; an update on that browser fetches its own before it installs and drops the old', async () => {
    const { caches, stores } = memoryCaches();
    const first = kioskShell(manifest('a').filter(isKioskShellEntry), caches, ORIGIN);
    // A phone: nothing kept, nothing to fetch on an update.
    expect(await first.keptBefore()).toBe(false);
    expect(stores.size).toBe(0);

    await first.fill();
    expect(await (await first.match(new Request(`${ORIGIN}/assets/play/kiosk/staff-panel-a.js`)))?.text()).toBe(`code of ${ORIGIN}/assets/play/kiosk/staff-panel-a.js`);

    const update = kioskShell(manifest('b').filter(isKioskShellEntry), caches, ORIGIN);
    expect(await update.keptBefore()).toBe(true);
    await update.fill();
    await update.dropOthers();
    expect(stores.size).toBe(1);
    expect(await update.match(new Request(`${ORIGIN}/assets/play/kiosk/kiosk-b.js`))).toBeDefined();
    expect(await update.match(new Request(`${ORIGIN}/assets/play/kiosk/kiosk-a.js`))).toBeUndefined();
  });
});
