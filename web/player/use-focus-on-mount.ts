import { useEffect, useRef } from 'react';

/**
 * Moves focus to a step's heading when the step appears (the heading carries tabIndex={-1}), so a
 * keyboard or screen reader user continues from the new content rather than from the page's top.
 * `key` moves it again when the content changes in place (the next question).
 */
export function useFocusOnMount<T extends HTMLElement>(key?: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, [key]);
  return ref;
}
