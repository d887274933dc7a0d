import { useId, useState, type FormEvent } from 'react';
import { KIOSK_IDLE_MAX_SECONDS, KIOSK_IDLE_MIN_SECONDS } from '../../contract/kiosk-values';
import type { DeviceRecords, StaffSession } from '../offline';
import { closeStaffPanel } from './staff-panel-state';
import { STAFF_BUTTON, StaffSection } from './staff-section';

/** "Ajustes del kiosco": a set-up kiosk's idle time and PIN, and leaving kiosk mode (which closes the panel). */
export function KioskSettings({ session, records }: { session: StaffSession; records: DeviceRecords }) {
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    await session.leaveKioskMode();
    closeStaffPanel(false);
  };
  return (
    <StaffSection title="Ajustes del kiosco" testId="staff-settings">
      {records.kiosk ? (
        <>
          <IdleForm session={session} seconds={records.kiosk.idleSeconds} />
          <PinForm session={session} />
        </>
      ) : (
        <p>Este dispositivo no se configuró como kiosco y no tiene PIN: cualquiera puede abrir este panel. Configúralo con un enlace de configuración de kiosco.</p>
      )}
      <button type="button" className={`${STAFF_BUTTON} staff-button-danger`} onClick={() => void leave()} disabled={leaving}>
        Salir del modo kiosco
      </button>
    </StaffSection>
  );
}

/** The kiosk's idle time, in seconds (within the allowed range), which staff change and save here. */
function IdleForm({ session, seconds }: { session: StaffSession; seconds: number }) {
  const id = useId();
  const [value, setValue] = useState(String(seconds));
  const { message, say } = useFormMessage();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number(value);
    if (!Number.isInteger(wanted) || wanted < KIOSK_IDLE_MIN_SECONDS || wanted > KIOSK_IDLE_MAX_SECONDS) {
      say(`Escribe un número de ${KIOSK_IDLE_MIN_SECONDS} a ${KIOSK_IDLE_MAX_SECONDS} segundos.`, true);
      return;
    }
    const saved = await session.setIdleSeconds(wanted);
    say(saved ? `Guardado: ${saved.idleSeconds} segundos.` : 'No se pudo guardar.', !saved);
  };
  return (
    <form className="space-y-2" onSubmit={(event) => void submit(event)} data-testid="staff-idle-form">
      <label htmlFor={id} className="block font-semibold">
        Tiempo de inactividad (segundos)
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={KIOSK_IDLE_MIN_SECONDS}
          max={KIOSK_IDLE_MAX_SECONDS}
          step={1}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          aria-describedby={`${id}-message`}
          className="staff-input w-28 rounded-lg px-3 py-2"
        />
        <button type="submit" className={STAFF_BUTTON}>
          Guardar
        </button>
      </div>
      <FormMessage id={`${id}-message`} message={message} />
    </form>
  );
}

/** "Cambiar PIN": the new PIN twice (4 to 8 digits, both the same), emptied once sent. */
function PinForm({ session }: { session: StaffSession }) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const { message, say } = useFormMessage();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,8}$/.test(pin)) return say('El PIN debe tener de 4 a 8 dígitos.', true);
    if (pin !== again) return say('Los dos PIN no coinciden.', true);
    const changed = await session.changePin(pin);
    setPin('');
    setAgain('');
    say(changed ? 'PIN cambiado.' : 'No se pudo cambiar el PIN.', !changed);
  };
  const field = (label: string, suffix: string, value: string, onChange: (value: string) => void) => (
    <div className="space-y-1">
      <label htmlFor={`${id}-${suffix}`} className="block font-semibold">
        {label}
      </label>
      <input
        id={`${id}-${suffix}`}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={8}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-describedby={`${id}-message`}
        className="staff-input w-full rounded-lg px-3 py-2"
      />
    </div>
  );
  return (
    <form onSubmit={(event) => void submit(event)} data-testid="staff-pin-form">
      <fieldset className="space-y-2">
        <legend className="font-semibold">Cambiar PIN</legend>
        {field('PIN nuevo', 'new', pin, setPin)}
        {field('Repite el PIN nuevo', 'again', again, setAgain)}
        <button type="submit" className={STAFF_BUTTON}>
          Cambiar PIN
        </button>
        <FormMessage id={`${id}-message`} message={message} />
      </fieldset>
    </form>
  );
}

/** What a staff form last said: saved, or what went wrong. */
type FormMessageText = { text: string; error: boolean } | null;

/** A staff form's message and `say`, which replaces it (`error` for a refusal). */
function useFormMessage() {
  const [message, setMessage] = useState<FormMessageText>(null);
  return { message, say: (text: string, error = false) => setMessage({ text, error }) };
}

/** A staff form's status line, which its fields point to (aria-describedby). */
function FormMessage({ id, message }: { id: string; message: FormMessageText }) {
  return (
    <p id={id} role="status" className={message?.error ? 'staff-warn font-semibold' : 'staff-ok font-semibold'}>
      {message?.text ?? ''}
    </p>
  );
}
