import { KEEP_KIOSK_SHELL, KIOSK_ASSETS_DIR } from '../contract/kiosk-shell';

/**
 * The kiosk's chunks (contract/kiosk-shell.ts) are in the precache manifest but not precached: a
 * phone's worker never downloads them. A kiosk's page asks for them (KEEP_KIOSK_SHELL) once it
 * runs as a kiosk, and they are kept in a cache of this version's own; a new version's worker
 * installed on a browser that keeps them fetches its own before it installs (so an update never
 * leaves an offline kiosk without its badge, PIN or staff panel), and the old copy goes when it
 * activates.
 */
export type ManifestEntry = string | { url: string; revision?: string | null };

const CACHE_PREFIX = 'kiosk-shell-';

const urlOf = (entry: ManifestEntry) => (typeof entry === 'string' ? entry : entry.url);

/** Whether a precache manifest entry is one of the kiosk's chunks. */
export const isKioskShellEntry = (entry: ManifestEntry): boolean => urlOf(entry).replace(/^\//, '').startsWith(`${KIOSK_ASSETS_DIR}/`);

/** The cache holding one set of kiosk chunks: named by their (hashed) addresses, so each build has its own. */
export function kioskShellCacheName(urls: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of [...urls].sort().join('\n')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `${CACHE_PREFIX}${hash.toString(36)}`;
}

export interface KioskShell {
  /** The kiosk chunks' absolute addresses. */
  urls: string[];
  /** Their cache's copy of a request, if it holds one. */
  match(request: Request): Promise<Response | undefined>;
  /** Stores what the cache lacks. */
  fill(): Promise<void>;
  /** Whether this browser kept an earlier version's kiosk chunks (it is a kiosk). */
  keptBefore(): Promise<boolean>;
  /** Drops every other version's copy. */
  dropOthers(): Promise<void>;
}

export function kioskShell(entries: readonly ManifestEntry[], caches: CacheStorage, base: string): KioskShell {
  const urls = entries.map((entry) => new URL(urlOf(entry), base).href);
  const name = kioskShellCacheName(urls);
  const othersOf = async () => (await caches.keys()).filter((key) => key.startsWith(CACHE_PREFIX) && key !== name);
  return {
    urls,
    match: async (request) => (await caches.open(name)).match(request),
    async fill() {
      const cache = await caches.open(name);
      const missing = (await Promise.all(urls.map(async (url) => ((await cache.match(url)) ? undefined : url)))).filter((url) => url !== undefined);
      await cache.addAll(missing);
    },
    keptBefore: async () => (await othersOf()).length > 0,
    async dropOthers() {
      await Promise.all((await othersOf()).map((key) => caches.delete(key)));
    },
  };
}

/** Whether a message from a page asks to keep the kiosk's chunks. */
export const asksForKioskShell = (data: unknown): boolean => (data as { type?: string } | undefined)?.type === KEEP_KIOSK_SHELL;
