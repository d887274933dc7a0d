import { LogOut, MonitorCog } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  KIOSK_IDLE_DEFAULT_SECONDS,
  KIOSK_IDLE_MAX_SECONDS,
  KIOSK_IDLE_MIN_SECONDS,
  KIOSK_NAME_MAX,
  KIOSK_SETUP_ADMIN_SIGNED_OUT,
  KIOSK_SETUP_REFUSALS,
  type KioskSetupLinkState,
} from '../../contract/kiosk-values';
import { checkSetupLink, setUpThisKiosk, type KioskConfig } from '../offline';
import { IDLE_WARNING_MS } from './kiosk-mode';
import { PlayerTextInput } from './ui/fields';
import { useFocusOnMount } from './use-focus-on-mount';

const PIN_DIGITS = /^\d{4,8}$/;

/** Says what the number counts: the quiet before "¿Sigues ahí?", whose own countdown comes after it. */
export const IDLE_FIELD_LABEL = `Segundos sin actividad antes de «¿Sigues ahí?» (después, ${IDLE_WARNING_MS / 1_000} s más para volver al inicio)`;

type Problems = Partial<Record<'name' | 'pin' | 'pinAgain' | 'idle', string>>;

function problemsOf(name: string, pin: string, pinAgain: string, idle: string): Problems {
  const problems: Problems = {};
  if (!name.trim()) problems.name = 'Escribe un nombre para este kiosco';
  if (!PIN_DIGITS.test(pin)) problems.pin = 'El PIN debe tener de 4 a 8 dígitos';
  else if (pin !== pinAgain) problems.pinAgain = 'Los PIN no coinciden';
  const seconds = Number(idle);
  if (!Number.isInteger(seconds) || seconds < KIOSK_IDLE_MIN_SECONDS || seconds > KIOSK_IDLE_MAX_SECONDS) {
    problems.idle = `Entre ${KIOSK_IDLE_MIN_SECONDS} y ${KIOSK_IDLE_MAX_SECONDS} segundos`;
  }
  return problems;
}

/**
 * "Configurar kiosco": opened from a one-time setup link (`?kiosk={token}`). Staff name the kiosk,
 * choose its PIN (twice) and idle timeout; the server accepts the link once, then this device is
 * the kiosk and kiosk mode is on. When this browser was signed in as an admin, the server ended
 * that session: the form says so before the kiosk starts (KioskSignedOutNotice).
 */
export function KioskSetupForm({ token, groupId, onDone }: { token: string; groupId: number; onDone: (config: KioskConfig) => void }) {
  // Where the link stands, asked as it opens: staff never fill a form that cannot succeed.
  const [link, setLink] = useState<KioskSetupLinkState | null | 'checking'>('checking');
  useEffect(() => {
    if (link === 'checking') void checkSetupLink(token, groupId).then(setLink);
  }, [link, token, groupId]);
  if (link === 'valid') return <SetupForm token={token} groupId={groupId} onDone={onDone} />;
  return (
    <div className="space-y-4" data-testid="kiosk-setup">
      <SetupHeading />
      {link === 'checking' ? (
        <p role="status">Comprobando el enlace…</p>
      ) : (
        <p className="player-field-error font-medium" role="alert" data-testid="kiosk-setup-error">
          {link ? KIOSK_SETUP_REFUSALS[`kiosk_setup_${link}`] : 'Se necesita conexión con el servidor para configurar el kiosco.'}
        </p>
      )}
      {link === null && (
        <button type="button" className="player-button w-full" onClick={() => setLink('checking')}>
          Reintentar
        </button>
      )}
    </div>
  );
}

function SetupHeading() {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h2 ref={headingRef} tabIndex={-1} className="player-heading flex items-center gap-2 !text-xl">
      <MonitorCog className="size-6" aria-hidden /> Configurar kiosco
    </h2>
  );
}

/** The form itself, for a link the server said is valid. */
function SetupForm({ token, groupId, onDone }: { token: string; groupId: number; onDone: (config: KioskConfig) => void }) {
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [pinAgain, setPinAgain] = useState('');
  const [idle, setIdle] = useState(String(KIOSK_IDLE_DEFAULT_SECONDS));
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [signedOut, setSignedOut] = useState<KioskConfig | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(name, pin, pinAgain, idle);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    setFailure(null);
    const result = await setUpThisKiosk({ token, groupId, name: name.trim(), pin, idleSeconds: Number(idle) });
    setPending(false);
    if (result.kind === 'failed') setFailure(result.message);
    else if (result.adminSignedOut) setSignedOut(result.config);
    else onDone(result.config);
  };

  if (signedOut) return <KioskSignedOutNotice config={signedOut} onContinue={() => onDone(signedOut)} />;

  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate data-testid="kiosk-setup">
      <SetupHeading />
      <p className="player-muted">Este dispositivo quedará en modo kiosco para esta trivia. El PIN se pide para salir del modo kiosco; guárdalo: solo se guarda en este dispositivo.</p>
      <PlayerTextInput label="Nombre del kiosco" value={name} maxLength={KIOSK_NAME_MAX} autoComplete="off" onChange={(e) => setName(e.currentTarget.value)} error={problems.name} />
      <PlayerTextInput
        label="PIN (4 a 8 dígitos)"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={8}
        value={pin}
        onChange={(e) => setPin(e.currentTarget.value)}
        error={problems.pin}
      />
      <PlayerTextInput
        label="Repite el PIN"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={8}
        value={pinAgain}
        onChange={(e) => setPinAgain(e.currentTarget.value)}
        error={problems.pinAgain}
      />
      <PlayerTextInput
        label={IDLE_FIELD_LABEL}
        type="number"
        inputMode="numeric"
        min={KIOSK_IDLE_MIN_SECONDS}
        max={KIOSK_IDLE_MAX_SECONDS}
        value={idle}
        onChange={(e) => setIdle(e.currentTarget.value)}
        error={problems.idle}
      />
      {failure && (
        <p className="player-field-error font-medium" role="alert" data-testid="kiosk-setup-error">
          {failure}
        </p>
      )}
      <button type="submit" className="player-button w-full" disabled={pending}>
        {pending ? 'Configurando…' : 'Configurar kiosco'}
      </button>
    </form>
  );
}

/** After a setup that ended this browser's admin session: says so, and the kiosk starts on "Empezar". */
function KioskSignedOutNotice({ config, onContinue }: { config: KioskConfig; onContinue: () => void }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="space-y-4" data-testid="kiosk-setup-signed-out">
      <h2 ref={headingRef} tabIndex={-1} className="player-heading flex items-center gap-2 !text-xl">
        <LogOut className="size-6" aria-hidden /> Kiosco «{config.name}» configurado
      </h2>
      <p className="player-muted" role="status">
        {KIOSK_SETUP_ADMIN_SIGNED_OUT}
      </p>
      <button type="button" className="player-button w-full" onClick={onContinue}>
        Empezar
      </button>
    </div>
  );
}
