import './device-layer-first';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { subscribeReachable } from '../offline';
import { registerServiceWorker } from '../pwa/service-worker';
import { readFirstPaint } from './first-paint';
import { afterFirstScreen } from './first-screen';
import { nextTask } from './next-task';
import { PlayTriviaPage, triviaIdFromPath } from './play-trivia-page';
import './player-base.css';

/**
 * The player screen's own entry (web/play.html), built apart from the admin app with Preact behind
 * the React API (vite.config.ts), so a phone on a booth's Wi-Fi downloads the player alone. It has
 * no router: the server and the service worker send /play-trivia/* here, and the id is read from
 * the address.
 */
const id = triviaIdFromPath(window.location.pathname);

// Installing the app from this page installs this trivia: the manifest names it as start_url and id.
if (id && /^\d+$/.test(id)) {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `/api/play/${id}/manifest.webmanifest`;
  document.head.append(link);
}

/** Runs `run` each time the server answers again after this tab saw it away (a failed request, the probe). */
function whenServerBack(run: () => void): void {
  let away = false;
  subscribeReachable((reachable) => {
    if (reachable && away) run();
    away = !reachable;
  });
}

// The update policy is in place from the first render; the worker itself registers once the first
// screen is up; a new build is looked for at the next contact with a server that was away.
registerServiceWorker(afterFirstScreen, whenServerBack);

const container = document.getElementById('root')!;
const firstPaint = readFirstPaint();
const page = (
  <StrictMode>
    <PlayTriviaPage id={id} search={window.location.search} firstPaint={firstPaint} />
  </StrictMode>
);
// Over the server's first paint the screen takes the painted elements as they are (the title the
// browser already counted as the largest paint stays the same element); otherwise it draws anew.
// In a task after the one that ran this module, so neither is long.
void nextTask().then(() => {
  if (firstPaint) hydrateRoot(container, page);
  else createRoot(container).render(page);
});
