import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportReachable, serverReachable } from '../../web/offline/connectivity';
import { PROBE_INTERVAL_MS, probeEvidence, startConnectionProbe, type ProbeEnvironment } from '../../web/offline/connection-probe';

const timeout = () => new DOMException('slow', 'TimeoutError');

/** A visible page probing, whose probe answers what the test says; the test fires the window's events and stops it. */
function probing(answer: () => unknown) {
  const window = new EventTarget();
  const document = new EventTarget();
  const probe = vi.fn(async () => answer());
  const env: ProbeEnvironment = { probe, now: Date.now, visible: () => true, window: window as unknown as Window, document: document as unknown as Document };
  return { stop: startConnectionProbe(env), window, probe };
}

describe('the connection status from evidence', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    reportReachable(true);
  });
  afterEach(() => vi.useRealTimers());

  it('a refused or failed probe is proof at once; a slow one only twice in a row; any reply is proof of the server', () => {
    expect(probeEvidence(undefined, 1)).toEqual({ reachable: true, timeouts: 0 });
    expect(probeEvidence(new TypeError('Failed to fetch'), 0)).toEqual({ reachable: false, timeouts: 0 });
    expect(probeEvidence(timeout(), 0)).toEqual({ reachable: undefined, timeouts: 1 });
    expect(probeEvidence(timeout(), 1)).toEqual({ reachable: false, timeouts: 2 });
  });

  it('says "offline" within 2 s of the server going away while the network stays up, and "online" again within 2 s of its return', async () => {
    let down = false;
    const page = probing(() => (down ? new TypeError('Failed to fetch') : undefined));
    down = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(serverReachable()).toBe(false);
    down = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(serverReachable()).toBe(true);
    page.stop();
  });

  it('one slow reply does not flip the status (no flicker); a server that keeps silent shows within 3 s', async () => {
    let replies: unknown[] = [timeout(), undefined, timeout(), undefined];
    const page = probing(() => replies.shift());
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
      expect(serverReachable()).toBe(true);
    }
    replies = Array.from({ length: 10 }, timeout);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(serverReachable()).toBe(false);
    page.stop();
  });

  it('the browser\'s "offline" is proof at once; its "online" sends a probe at once rather than trusting it', async () => {
    const page = probing(() => undefined);
    page.window.dispatchEvent(new Event('offline'));
    expect(serverReachable()).toBe(false);
    page.window.dispatchEvent(new Event('online'));
    expect(page.probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(serverReachable()).toBe(true);
    page.stop();
  });

  it('sends no probe while other requests answer, and none once stopped', async () => {
    const page = probing(() => undefined);
    for (let i = 0; i < 5; i++) {
      reportReachable(true); // a sync push, a verdict…
      await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS / 4);
    }
    expect(page.probe).not.toHaveBeenCalled();
    page.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(page.probe).not.toHaveBeenCalled();
  });
});
