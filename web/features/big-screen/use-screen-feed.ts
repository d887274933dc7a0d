import { useEffect, useState } from 'react';
import type { ScreenFeed } from '../../../contract';

/** A completion shows within 5 s: a poll every 2.5 s, each one conditional (a 304 costs no ranking work). */
export const POLL_MS = 2_500;
/** After errors the screen waits longer each time, up to this. */
const MAX_BACKOFF_MS = 30_000;
/** A missing trivia or campaign may be created or restored: the screen keeps asking, calmly. */
const MISSING_RETRY_MS = 10_000;

export type ScreenProblem =
  /** The trivia or campaign does not exist (404): said on the screen, retried. */
  | 'missing'
  /** The server could not be reached or failed: the last data stays, marked stale. */
  | 'offline'
  | null;

export interface ScreenFeedState {
  feed: ScreenFeed | null;
  /** When the server last confirmed the data (200 or 304). */
  confirmedAt: Date | null;
  problem: ScreenProblem;
}

/**
 * Polls a big screen's feed with If-None-Match: the data when it changed, nothing when not. Keeps
 * the last data through errors (backing off) and recovers by itself when the server is back.
 */
export function useScreenFeed(path: string): ScreenFeedState {
  const [state, setState] = useState<ScreenFeedState>({ feed: null, confirmedAt: null, problem: null });

  useEffect(() => {
    let etag: string | null = null;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const controller = new AbortController();

    const poll = async () => {
      let next = POLL_MS;
      try {
        const response = await fetch(path, {
          cache: 'no-store',
          headers: { Accept: 'application/json', ...(etag && { 'If-None-Match': etag }) },
          signal: controller.signal,
        });
        if (response.status === 304) {
          failures = 0;
          setState((s) => ({ ...s, confirmedAt: new Date(), problem: null }));
        } else if (response.ok) {
          const feed = (await response.json()) as ScreenFeed;
          etag = response.headers.get('ETag');
          failures = 0;
          setState({ feed, confirmedAt: new Date(), problem: null });
        } else if (response.status === 404) {
          etag = null;
          failures = 0;
          next = MISSING_RETRY_MS;
          setState({ feed: null, confirmedAt: new Date(), problem: 'missing' });
        } else {
          throw new Error(`HTTP ${response.status}`);
        }
      } catch {
        if (stopped) return;
        failures += 1;
        next = Math.min(POLL_MS * 2 ** failures, MAX_BACKOFF_MS);
        setState((s) => ({ ...s, problem: 'offline' }));
      }
      if (!stopped) timer = setTimeout(() => void poll(), next);
    };
    void poll();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [path]);

  return state;
}
