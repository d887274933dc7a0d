/**
 * Whether the server answered lately. `navigator.onLine` is only the starting guess: a kiosk
 * whose server is down still reports "online", so every request outcome updates this.
 */
type Listener = (reachable: boolean) => void;

let reachable = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<Listener>();

export function serverReachable(): boolean {
  return reachable;
}

export function reportReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  for (const listener of listeners) listener(value);
}

export function subscribeReachable(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * How long the player screen waits for the server (bundle, validation, sync push) before it
 * carries on as if offline: on a booth's weak Wi-Fi a request can hang far longer than a player waits.
 */
export const REQUEST_TIMEOUT_MS = 8_000;

/** A failure that means "could not talk to the server" (no network, a time-out), as opposed to a reply saying no. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError'));
}
