import { useEffect, useState } from 'react';

/** The current time, read again every `intervalMs` (so "hace N min" wording moves on by itself). */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
