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

/** A failure that means "could not talk to the server", as opposed to a reply saying no. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError');
}
