import { useEffect, useId, useRef } from 'react';

/**
 * "¿Sigues ahí?": shown over the player's screen during an idle kiosk's last seconds. Any touch or
 * key keeps the round (the button says so); otherwise the kiosk goes back to its attract screen.
 */
export function IdleCountdown({ secondsLeft }: { secondsLeft: number }) {
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Focus goes to "Sigo aquí" and back to where it was when the player answers.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    buttonRef.current?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/60 p-4" data-testid="kiosk-idle">
      <div role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={`${titleId}-left`} className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-6 text-center text-slate-900 shadow-xl">
        <h2 id={titleId} className="text-2xl font-bold">
          ¿Sigues ahí?
        </h2>
        <p id={`${titleId}-left`} className="text-lg">
          La trivia vuelve al inicio en <span className="font-bold tabular-nums" data-testid="kiosk-idle-seconds">{secondsLeft}</span> s.
        </p>
        {/* Any interaction ends the countdown; the button is the obvious one. */}
        <button ref={buttonRef} type="button" className="w-full rounded-xl bg-slate-900 px-4 py-4 text-xl font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900">
          Sigo aquí
        </button>
      </div>
    </div>
  );
}
