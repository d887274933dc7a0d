/**
 * Whether the server answered lately, shared by every tab of this origin. `navigator.onLine` is
 * only the starting guess: a kiosk whose server is down still reports "online", so every request
 * outcome (see server-call.ts) updates this, and a BroadcastChannel tells the other tabs. Where
 * BroadcastChannel is missing each tab keeps its own state, which is still right for that tab.
 */
type Listener = (reachable: boolean) => void;

const CHANNEL_NAME = 'triviando-connectivity';

let reachable = typeof navigator === 'undefined' ? true : navigator.onLine;
/** When this tab last had a reply from the server (ms since the epoch; 0: never). */
let lastContactAt = 0;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | undefined;

function set(value: boolean): boolean {
  if (value === reachable) return false;
  reachable = value;
  for (const listener of listeners) listener(value);
  return true;
}

function sharedChannel(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data === 'boolean') set(event.data);
  };
  // Node (unit tests) would otherwise keep the process alive for the channel.
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  return channel;
}

export function serverReachable(): boolean {
  sharedChannel();
  return reachable;
}

/** When this tab last had a reply from the server: the probe (connection-probe.ts) skips a tick after one. */
export function lastServerContactAt(): number {
  return lastContactAt;
}

export function reportReachable(value: boolean): void {
  if (value) lastContactAt = Date.now();
  const bus = sharedChannel();
  if (set(value)) bus?.postMessage(value);
}

export function subscribeReachable(listener: Listener): () => void {
  sharedChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
