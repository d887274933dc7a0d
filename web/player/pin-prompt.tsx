import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { KioskModeSwitch } from '../offline';

/** What a refused PIN tells staff: tries left, or how long to wait. */
export function pinRefusal(check: KioskModeSwitch): string | null {
  if (check.kind === 'wrong') return check.triesLeft === 1 ? 'PIN incorrecto. Queda 1 intento.' : `PIN incorrecto. Quedan ${check.triesLeft} intentos.`;
  if (check.kind === 'locked') {
    const seconds = Math.ceil(check.retryInMs / 1000);
    return seconds > 90 ? `Demasiados intentos. Espera ${Math.ceil(seconds / 60)} minutos.` : `Demasiados intentos. Espera ${seconds} segundos.`;
  }
  return null;
}

/**
 * Asks for the kiosk's PIN before a staff action (leaving kiosk mode). `check` answers whether the
 * PIN was accepted (and does the action); a refusal is shown and the field emptied.
 */
export function PinPrompt({ action, check, onCancel }: { action: string; check: (pin: string) => Promise<KioskModeSwitch>; onCancel: () => void }) {
  const [pin, setPin] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => inputRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const answer = await check(pin);
    setPending(false);
    setPin('');
    setRefusal(pinRefusal(answer));
    inputRef.current?.focus();
  };

  return (
    <form className="space-y-2 rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200" onSubmit={(event) => void submit(event)} data-testid="kiosk-pin">
      <label htmlFor={id} className="block font-semibold">
        PIN del kiosco
      </label>
      <input
        ref={inputRef}
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        value={pin}
        onChange={(e) => setPin(e.currentTarget.value)}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? `${id}-refusal` : undefined}
        className="block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-base text-slate-900"
      />
      {refusal && (
        <p id={`${id}-refusal`} role="alert" className="font-semibold text-red-700" data-testid="kiosk-pin-refusal">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending || pin.length === 0} className="rounded-md bg-slate-900 px-3 py-1.5 font-semibold text-white disabled:opacity-60">
          {action}
        </button>
        <button type="button" onClick={onCancel} className="rounded-md px-3 py-1.5 font-semibold text-slate-800 ring-1 ring-slate-300">
          Cancelar
        </button>
      </div>
    </form>
  );
}
