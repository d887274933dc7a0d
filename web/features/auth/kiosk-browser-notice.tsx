import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { KIOSK_BROWSER_SIGN_IN_REFUSAL } from '../../../contract';
import { leaveThisKiosk, thisBrowsersKiosk, type KioskConfig, type KioskRelease } from '../../offline';
import { Button } from '../../components/ui/button';
import { TextInput } from '../../components/ui/field';

/** Whether this browser is a kiosk: `undefined` while its device database is read. */
export function useThisBrowsersKiosk() {
  const [kiosk, setKiosk] = useState<KioskConfig | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void thisBrowsersKiosk().then((config) => {
      if (live) setKiosk(config);
    });
    return () => {
      live = false;
    };
  }, []);
  return [kiosk, setKiosk] as const;
}

/** What staff read when dropping the kiosk role did not happen. */
function refusal(result: Exclude<KioskRelease, { kind: 'released' | 'not-kiosk' }>): string {
  switch (result.kind) {
    case 'wrong':
      return result.triesLeft === 1 ? 'PIN incorrecto. Queda 1 intento.' : `PIN incorrecto. Quedan ${result.triesLeft} intentos.`;
    case 'locked': {
      const seconds = Math.ceil(result.retryInMs / 1000);
      return seconds > 90 ? `Demasiados intentos. Espera ${Math.ceil(seconds / 60)} minutos.` : `Demasiados intentos. Espera ${seconds} segundos.`;
    }
    case 'pending':
      return `Este kiosco tiene ${result.count === 1 ? '1 registro' : `${result.count} registros`} sin enviar. Abre la trivia en este navegador con conexión para enviarlos y vuelve a intentarlo.`;
    case 'failed':
      return result.message;
  }
}

/**
 * The sign-in screen of a browser set up as a kiosk: it says the browser cannot sign in while it
 * is a kiosk (the server refuses it too, 403 kiosk_browser) and offers to drop the kiosk role with
 * the kiosk's PIN ("Dejar de ser kiosco"); `onReleased` then shows the sign-in form.
 */
export function KioskBrowserNotice({ kiosk, onReleased }: { kiosk: KioskConfig; onReleased: () => void }) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,8}$/.test(pin)) {
      setError('Escribe el PIN del kiosco (4 a 8 dígitos)');
      return;
    }
    setPending(true);
    const result = await leaveThisKiosk(pin);
    setPending(false);
    setPin('');
    if (result.kind === 'released' || result.kind === 'not-kiosk') onReleased();
    else setError(refusal(result));
  };

  return (
    <div className="mt-8 space-y-6" data-testid="kiosk-browser-notice">
      <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100">
        <MonitorSmartphone className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="space-y-2">
          <p className="font-semibold">{KIOSK_BROWSER_SIGN_IN_REFUSAL}</p>
          <p>
            Kiosco «<span className="break-words">{kiosk.name}</span>».
          </p>
        </div>
      </div>
      <form className="space-y-5" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextInput
          label="PIN del kiosco"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          onChange={(event) => setPin(event.target.value)}
          error={error ?? undefined}
          hint="Al dejar de ser kiosco, este navegador sale del modo kiosco y el kiosco deja de aparecer en «Dispositivos». Para volver a usarlo como kiosco hará falta un enlace de configuración nuevo."
        />
        <Button type="submit" size="lg" variant="secondary" className="w-full" pending={pending} icon={<LogOut className="size-4" aria-hidden />}>
          Dejar de ser kiosco
        </Button>
      </form>
    </div>
  );
}
