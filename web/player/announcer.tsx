import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

/**
 * The player screen's one live region: every step, answer feedback, notice and result is spoken
 * through this single persistent node (in Spanish), so screen readers hear each thing once and in
 * order. `announce` replaces the text; the same text twice in a row is spoken again.
 */
const AnnounceContext = createContext<(text: string) => void>(() => undefined);

export function useAnnounce(): (text: string) => void {
  return useContext(AnnounceContext);
}

export function Announcer({ children }: { children: ReactNode }) {
  const [text, setText] = useState('');
  const frame = useRef(0);
  const announce = useCallback((next: string) => {
    cancelAnimationFrame(frame.current);
    // Emptied first, then filled on the next frame: a repeated message is still a change.
    setText('');
    frame.current = requestAnimationFrame(() => setText(next));
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="player-live">
        {text}
      </p>
      {children}
    </AnnounceContext.Provider>
  );
}
