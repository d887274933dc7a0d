import { useMutation } from '@tanstack/react-query';
import { Copy, LogOut, MonitorCog } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { KioskSetupLink } from '../../../contract';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { QrCode } from '../qr-code';
import { api, errorText } from '../../lib/api';
import { DateTime } from '../time-zone/event-time-zone';
import { toast } from '../../lib/toast-store';

/**
 * "Configurar kiosco": a button that opens the kiosk setup dialog for the trivia.
 */
export function KioskSetupButton({ groupId, groupName, size, className = '' }: { groupId: number; groupName: string; size?: 'sm'; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size={size} className={className} icon={<MonitorCog className="size-4" aria-hidden />} onClick={() => setOpen(true)}>
        Configurar kiosco
      </Button>
      {open && <KioskSetupDialog groupId={groupId} groupName={groupName} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The "Configurar kiosco" dialog: as it opens it makes a one-time setup link for the trivia and
 * shows it to open on the kiosk's tablet (it works once, for 24 h; there staff name the kiosk and
 * choose its PIN). Shown while mounted, so it can be opened from a menu that is gone once an item
 * is chosen. "Abrir en este dispositivo" first says that this browser stops being signed in as an
 * admin (setting the kiosk up ends the session: a kiosk never holds one), then opens the link in
 * this tab, so no admin page is left behind the kiosk.
 */
export function KioskSetupDialog({ groupId, groupName, onClose }: { groupId: number; groupName: string; onClose: () => void }) {
  const linkId = useId();
  const create = useMutation({ mutationFn: () => api.post<KioskSetupLink>(`/api/question-groups/${groupId}/kiosk-setup`) });
  const url = create.data ? `${window.location.origin}${create.data.path}` : null;
  // One link per opening (a development double effect must not make a second one).
  const asked = useRef(false);
  const { mutate } = create;
  const [confirming, setConfirming] = useState(false);
  const warningRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) warningRef.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Enlace copiado', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'No se pudo copiar el enlace al portapapeles', variant: 'destructive' });
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Configurar kiosco"
      description={`Abre este enlace en la tableta que será el kiosco de «${groupName}». Allí le das un nombre y eliges su PIN.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cerrar
          </Button>
          <Button icon={<Copy className="size-4" aria-hidden />} disabled={!url} onClick={() => void copy()}>
            Copiar enlace
          </Button>
        </>
      }
    >
      {create.isPending && <p role="status">Creando enlace…</p>}
      {create.isError && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {errorText(create.error)}
        </p>
      )}
      {url && create.data && (
        <div className="space-y-2">
          <label htmlFor={linkId} className="block text-sm font-medium">
            Enlace de configuración (sirve una sola vez)
          </label>
          <input id={linkId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-800" data-testid="kiosk-setup-link" />
          <p className="text-sm text-slate-600 dark:text-slate-400">Vence el <DateTime value={create.data.expiresAt} />. Si no se usa a tiempo, crea otro.</p>
          <figure className="flex flex-col items-center gap-1.5 py-1">
            <QrCode text={url} label={`Código QR del enlace de configuración: ${url}`} className="size-48 overflow-hidden rounded-lg bg-white ring-1 [&>svg]:block [&>svg]:size-full ring-slate-200 dark:ring-slate-700" testId="kiosk-setup-qr" />
            <figcaption className="text-sm text-slate-600 dark:text-slate-400">O escanéalo con la cámara de la tableta.</figcaption>
          </figure>
          {!confirming ? (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              Abrir en este dispositivo
            </Button>
          ) : (
            <div className="space-y-3 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300 ring-inset dark:bg-amber-400/10 dark:ring-amber-400/30" data-testid="kiosk-open-here">
              <p ref={warningRef} tabIndex={-1} className="text-sm text-amber-950 dark:text-amber-100" data-testid="kiosk-open-here-warning">
                <strong>Este navegador dejará de tener la sesión de administrador.</strong> Al configurar el kiosco aquí se cierra tu sesión en este navegador (también en sus otras pestañas): un kiosco nunca queda con acceso al panel. Si el kiosco es otra tableta, copia el enlace y ábrelo allí.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
                  Cancelar
                </Button>
                <a href={url} className={buttonClass('primary', 'sm')}>
                  <LogOut className="size-4" aria-hidden />
                  Abrir aquí y cerrar mi sesión
                </a>
              </div>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
