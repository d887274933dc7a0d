import { useEffect, useState } from 'react';
import type { Subscribable } from '../offline';

/** The latest value of a subscribable the offline layer offers (re-subscribed when `deps` change). */
export function useSubscription<T>(source: () => Subscribable<T>, deps: unknown[], initial: T): T {
  const [value, setValue] = useState<T>(initial);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => source().subscribe(setValue), deps);
  return value;
}
