export {}; // a module: its top-level await needs one

/**
 * play.html's script: the player screen's code (main.tsx and what it imports) is requested only
 * once the browser has shown the page the server painted (the trivia's title in its theme, the
 * loading card), so that paint, the page's largest, never waits for the script's download or its
 * evaluation, and the script's bytes do not compete with the page's on a slow link.
 */

/** Longest wait for the first paint's report, should it never come (a browser without Paint Timing reports). */
const PAINT_WAIT_MS = 1_000;

/**
 * Resolves once the browser reports the first contentful paint (reported once the frame is on
 * screen, not when it is painted). At once when there is nothing to wait for: a page without the
 * server's first paint (the service worker's copy: the script draws the screen), a hidden page.
 */
function afterFirstPaint(): Promise<void> {
  const painted = document.querySelector('[data-first-paint]:not([hidden])') !== null;
  const reported = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('paint');
  if (!painted || !reported || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, PAINT_WAIT_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
}

await afterFirstPaint();
await import('./main');
