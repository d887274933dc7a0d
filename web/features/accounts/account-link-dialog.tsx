import { Copy } from 'lucide-react';
import { useId } from 'react';
import type { AccountLink } from '../../../contract';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { QrCode } from '../../shared/qr-code';
import { toast } from '../../lib/toast-store';
import { DateTime } from '../../shared/time-zone/event-time-zone';

/**
 * A one-time account link, shown once: no mail server sends it, so the owner copies it (or the
 * person scans the QR code) and hands it over. It works once, until it expires; a newer link for
 * the same person replaces it.
 */
export function AccountLinkDialog({ title, description, link, onClose }: { title: string; description: string; link: AccountLink; onClose: () => void }) {
  const linkId = useId();
  const url = `${window.location.origin}${link.path}`;
  const copy = async () => {
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
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cerrar
          </Button>
          <Button icon={<Copy className="size-4" aria-hidden />} onClick={() => void copy()}>
            Copiar enlace
          </Button>
        </>
      }
    >
      <div className="space-y-2">
        <label htmlFor={linkId} className="block text-sm font-medium">
          Enlace (sirve una sola vez)
        </label>
        <input
          id={linkId}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-800"
          data-testid="account-link"
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Vence el <DateTime value={link.expiresAt} />. Solo se muestra ahora: si se pierde, crea otro.
        </p>
        <figure className="flex flex-col items-center gap-1.5 py-1">
          <QrCode text={url} label={`Código QR del enlace: ${url}`} className="size-44 overflow-hidden rounded-lg bg-white ring-1 ring-slate-200 dark:ring-slate-700 [&>svg]:block [&>svg]:size-full" testId="account-link-qr" />
          <figcaption className="text-sm text-slate-600 dark:text-slate-400">O escanéalo con la cámara del teléfono.</figcaption>
        </figure>
      </div>
    </Dialog>
  );
}
