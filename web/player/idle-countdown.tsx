import { useEffect, useId, useRef } from 'react';

/**
 * "¿Sigues ahí?": a native modal dialog (the top layer, above any transformed card; the page behind
 * it inert) during an idle kiosk's last seconds. Any touch or key keeps the round (the button says
 * so); otherwise the kiosk goes back to its attract screen.
 */
export function IdleCountdown({ secondsLeft }: { secondsLeft: number }) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Focus goes to "Sigo aquí" and back to where it was when the player answers.
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    buttonRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-left`}
      className="player-dialog space-y-4 text-center"
      data-testid="kiosk-idle"
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id={titleId} className="text-2xl font-bold">
        ¿Sigues ahí?
      </h2>
      <p id={`${titleId}-left`} className="text-lg">
        La trivia vuelve al inicio en <span className="font-bold tabular-nums" data-testid="kiosk-idle-seconds">{secondsLeft}</span> s.
      </p>
      {/* Any interaction ends the countdown; the button is the obvious one. */}
      <button ref={buttonRef} type="button" className="player-dialog-button w-full !py-4 !text-xl">
        Sigo aquí
      </button>
    </dialog>
  );
}
