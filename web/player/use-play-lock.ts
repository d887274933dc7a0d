import { useCallback, useEffect, useRef, useState } from 'react';
import { playLock, type PlayLock, type PlayLockState } from '../offline';

/** This tab's claim to play the trivia while the screen shows it (released when it closes). */
export function usePlayLock(groupId: number): { state: PlayLockState; takeOver: () => void } {
  const [state, setState] = useState<PlayLockState>('checking');
  const lock = useRef<PlayLock | null>(null);
  useEffect(() => {
    const claimed = playLock(groupId);
    lock.current = claimed;
    const stop = claimed.subscribe(setState);
    // A closed tab needs nothing here: the browser drops its Web Lock, and a lease expires.
    return () => {
      stop();
      claimed.release();
      lock.current = null;
    };
  }, [groupId]);
  const takeOver = useCallback(() => lock.current?.takeOver(), []);
  return { state, takeOver };
}
