import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/** The latest result of a Dexie query, re-read whenever the tables it reads change. */
export function useLiveQuery<T>(query: () => Promise<T>, deps: unknown[], initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({ next: setValue, error: (error) => console.error(error) });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
