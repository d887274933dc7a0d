/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { cacheFirst, cacheRuleFor, type CacheDeps } from './caching';
import { asksForKioskShell, isKioskShellEntry, kioskShell } from './kiosk-shell';

declare const self: ServiceWorkerGlobalScope;

// The player shell only (play.html, its scripts and styles, its icons), so a kiosk reloads and
// deep-links with no network. The admin app's files and the theme fonts are cached when used. The
// kiosk's own chunks are kept only on a kiosk (sw/kiosk-shell.ts).
const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest.filter((entry) => !isKioskShellEntry(entry)));
const kiosk = kioskShell(manifest.filter(isKioskShellEntry), self.caches, self.location.origin);
self.addEventListener('install', (event) => event.waitUntil(kiosk.keptBefore().then((kept) => (kept ? kiosk.fill() : undefined))));
self.addEventListener('activate', (event) => event.waitUntil(kiosk.dropOthers()));
registerRoute(
  ({ url }) => kiosk.urls.includes(url.href),
  async ({ request }) => (await kiosk.match(request)) ?? fetch(request),
);
cleanupOutdatedCaches();
// The first install takes the open page at once, so a kiosk is offline-ready without a reload.
// Updates still wait: a new worker activates only after SKIP_WAITING (see the message handler).
clientsClaim();

// A navigation to a trivia (query included: ?kiosk=1) is answered with the player shell, as the
// server does. The admin app is online-only: its navigations go to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/play.html'), { allowlist: [/^\/play-trivia\/[^/?#]+\/?(?:\?.*)?$/] }));

// Logos, questions' pictures, fonts and admin assets: cache-first (sw/caching.ts), behind the precache's own route in
// the same router. Other /api/ requests are never cached.
const cacheDeps: CacheDeps = { caches: self.caches, fetch: (input, init) => self.fetch(input, init), now: Date.now };
registerRoute(
  ({ request }) => cacheRuleFor(request, self.location.origin) !== undefined,
  ({ request }) => cacheFirst(request, cacheRuleFor(request, self.location.origin)!, cacheDeps),
);

// The prompt strategy: a waiting worker takes over only when the page asks (between attempts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING') void self.skipWaiting();
  // A kiosk's page: keep the kiosk's chunks for offline use.
  if (asksForKioskShell(event.data)) event.waitUntil(kiosk.fill());
});
