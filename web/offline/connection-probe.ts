import { lastServerContactAt, reportReachable } from './connectivity';
import { requestJson } from './http';
import { classify } from './server-call';

/**
 * Keeps the shared "server reachable" state (connectivity.ts) true within 2 s while a player
 * screen is up, from evidence only:
 * - the browser's `offline` event: unreachable at once (the device lost its network);
 * - its `online` event: a probe at once (a network is not yet a server);
 * - a light probe (`GET /api/health`) every PROBE_INTERVAL_MS while the page is visible and no
 *   other request answered in that time: a server that went away while the Wi-Fi stayed up fires
 *   no event, and a phone on its document step sends nothing else for minutes.
 * Without flicker: a probe that is refused or cannot connect is proof, but one that is only slow
 * (a booth's weak Wi-Fi) counts after TIMEOUTS_FOR_OFFLINE in a row; any reply is proof of the server.
 * So a lost network or a stopped server shows within about a second, a server that hangs
 * without answering within about three.
 */
export const PROBE_INTERVAL_MS = 1_000;
/** A probe's own time-out: short, so a silent server is noticed well within 2 s of two tries. */
export const PROBE_TIMEOUT_MS = 900;
const TIMEOUTS_FOR_OFFLINE = 2;
const PROBE_PATH = '/api/health';

export interface ProbeEnvironment {
  /** Sends one probe; resolves with undefined when the server answered, else the thrown error. */
  probe: () => Promise<unknown>;
  now: () => number;
  visible: () => boolean;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener'>;
}

const isTimeout = (error: unknown) => error instanceof DOMException && error.name === 'TimeoutError';

/** One probe's evidence, as the shared state takes it; `timeouts` is the slow replies in a row so far. */
export function probeEvidence(error: unknown, timeouts: number): { reachable: boolean | undefined; timeouts: number } {
  if (error === undefined) return { reachable: true, timeouts: 0 };
  if (isTimeout(error)) {
    const inRow = timeouts + 1;
    return { reachable: inRow >= TIMEOUTS_FOR_OFFLINE ? false : undefined, timeouts: inRow };
  }
  return { reachable: classify(error).reachable, timeouts: 0 };
}

const browserEnvironment = (): ProbeEnvironment => ({
  probe: () => requestJson('GET', PROBE_PATH, undefined, { timeoutMs: PROBE_TIMEOUT_MS }).then(() => undefined, (error: unknown) => error ?? new Error('probe')),
  now: Date.now,
  visible: () => document.visibilityState === 'visible',
  window,
  document,
});

/** Starts the events and the probe; returns the stop. */
export function startConnectionProbe(env: ProbeEnvironment = browserEnvironment()): () => void {
  let timeouts = 0;
  let running = false;
  let stopped = false;

  const probe = async (): Promise<void> => {
    if (running || stopped) return;
    running = true;
    let evidence: ReturnType<typeof probeEvidence>;
    try {
      evidence = probeEvidence(await env.probe(), timeouts);
    } finally {
      running = false;
    }
    timeouts = evidence.timeouts;
    if (stopped) return;
    if (evidence.reachable !== undefined) reportReachable(evidence.reachable);
    // A slow reply is tried again at once rather than a tick later, so a silent server shows within ~3 s.
    else return probe();
  };
  // A reply to any other request within the last half interval is evidence enough.
  const tick = () => {
    if (env.visible() && env.now() - lastServerContactAt() >= PROBE_INTERVAL_MS / 2) void probe();
  };
  const onOffline = () => {
    timeouts = 0;
    reportReachable(false);
  };
  const onOnline = () => void probe();
  const onVisible = () => env.visible() && void probe();

  const timer = setInterval(tick, PROBE_INTERVAL_MS);
  env.window.addEventListener('offline', onOffline);
  env.window.addEventListener('online', onOnline);
  env.document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    clearInterval(timer);
    env.window.removeEventListener('offline', onOffline);
    env.window.removeEventListener('online', onOnline);
    env.document.removeEventListener('visibilitychange', onVisible);
  };
}
