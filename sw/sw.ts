/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { cacheFirst, cacheRuleFor } from './caching';

declare const self: ServiceWorkerGlobalScope;

// The app shell: every built asset, so a kiosk reloads and deep-links with no network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so a kiosk is offline-ready without a reload.
// Updates still wait: a new worker activates only after SKIP_WAITING (see the message handler).
clientsClaim();

// Every navigation outside the API is answered with the shell; the router picks the screen.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// Logos and fonts: cache-first (sw/caching.ts). Other /api/ requests are never cached.
self.addEventListener('fetch', (event) => {
  const rule = cacheRuleFor(event.request, self.location.origin);
  if (rule) event.respondWith(cacheFirst(event.request, rule, { caches: self.caches, fetch: (r) => self.fetch(r), now: Date.now }));
});

// The prompt strategy: a waiting worker takes over only when the page asks (between attempts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
