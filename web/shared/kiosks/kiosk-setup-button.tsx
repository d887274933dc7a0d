import { useMutation } from '@tanstack/react-query';
import { Copy, MonitorCog } from 'lucide-react';
import { useId, useState } from 'react';
import type { KioskSetupLink } from '../../../contract';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { api, errorText } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast-store';

/**
 * "Configurar kiosco": makes a one-time setup link for the trivia and shows it to open on the
 * kiosk's tablet (it works once, for 24 h; there staff name the kiosk and choose its PIN).
 */
export function KioskSetupButton({ groupId, groupName, size, className = '' }: { groupId: number; groupName: string; size?: 'sm'; className?: string }) {
  const [open, setOpen] = useState(false);
  const linkId = useId();
  const create = useMutation({ mutationFn: () => api.post<KioskSetupLink>(`/api/question-groups/${groupId}/kiosk-setup`) });
  const url = create.data ? `${window.location.origin}${create.data.path}` : null;

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
    <>
      <Button
        variant="secondary"
        size={size}
        className={className}
        icon={<MonitorCog className="size-4" aria-hidden />}
        onClick={() => {
          setOpen(true);
          create.reset();
          create.mutate();
        }}
      >
        Configurar kiosco
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Configurar kiosco"
        description={`Abre este enlace en la tableta que será el kiosco de «${groupName}». Allí le das un nombre y eliges su PIN.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
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
            <p className="text-sm text-slate-600 dark:text-slate-400">Vence el {formatDateTime(create.data.expiresAt)}. Si no se usa a tiempo, crea otro.</p>
            <a href={url} target="_blank" rel="noopener" className={buttonClass('secondary', 'sm')}>
              Abrir en este dispositivo
            </a>
          </div>
        )}
      </Dialog>
    </>
  );
}
