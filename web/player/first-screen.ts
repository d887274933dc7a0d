/**
 * Work the player screen's first screen does not need (registering the service worker, which then
 * downloads the player shell) waits until that screen is up, so it does not compete with the boot
 * for a phone's CPU and link. The screen says when (play-trivia-page.tsx).
 */
const waiting: (() => void)[] = [];
let shown = false;

/** Runs `run` once the first screen is up (at once when it already is). */
export function afterFirstScreen(run: () => void): void {
  if (shown) run();
  else waiting.push(run);
}

/** The first screen is up: what waited for it runs. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const run of waiting.splice(0)) run();
}
