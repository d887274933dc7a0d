import { useEffect, useState } from 'react';
import type { Subscribable } from '../offline';
import { nextTask } from './next-task';

/** The latest value of a subscribable the offline layer offers (re-subscribed when `deps` change). */
export function useSubscription<T>(source: () => Subscribable<T>, deps: unknown[], initial: T): T {
  const [value, setValue] = useState<T>(initial);
  // Subscribing reads the device's database (opening it the first time): in a task of its own, not
  // in the one that runs the screen's effects.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void nextTask().then(() => {
      if (!stopped) stop = source().subscribe(setValue);
    });
    return () => {
      stopped = true;
      stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
