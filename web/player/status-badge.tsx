import { Switch } from '@headlessui/react';
import { CloudOff, HardDrive, Monitor, RefreshCw, Wifi } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../lib/format';
import { setKioskMode, syncStatus, type RejectedEntry, type SyncStatus } from '../offline';
import { requestFlush, useServerReachable } from './kiosk';
import { lastSyncLabel } from './sync-label';
import { useSubscription } from './use-subscription';

const KIND_LABEL = { player: 'Registro', attempt: 'Intento', completion: 'Resultado' } as const;
/** 'Registro #4 (*******890)': what a rejected entry was, never the raw document number. */
function rejectedLabel(entry: RejectedEntry): string {
  const document = typeof entry.payload.documentNumber === 'string' ? ` (${entry.payload.documentNumber})` : '';
  return `${KIND_LABEL[entry.kind]} #${entry.mutationId}${document}`;
}

/** How often the "hace N min" wording is refreshed while nothing else changes. */
const CLOCK_TICK_MS = 30_000;

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The kiosk's corner badge: connection, results waiting to sync, last sync, storage; details for staff, with the kiosk mode switch. */
export function StatusBadge({ kioskMode }: { kioskMode: boolean | null }) {
  const reachable = useServerReachable();
  const [open, setOpen] = useState(false);
  const now = useNow(CLOCK_TICK_MS);
  // null until the first read, so the badge never claims "0" before it has counted.
  const status = useSubscription<SyncStatus | null>(syncStatus, [], null);

  return (
    <div className="fixed bottom-2 left-2 z-40 text-xs" data-testid="kiosk-status">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-label="Estado de sincronización"
        className="flex min-h-9 items-center gap-1.5 rounded-full bg-slate-900/75 px-3 py-1.5 text-white shadow backdrop-blur"
      >
        {reachable ? <Wifi className="size-3.5 text-emerald-300" aria-hidden /> : <CloudOff className="size-3.5 text-amber-300" aria-hidden />}
        <span data-testid="kiosk-connection">{reachable ? 'En línea' : 'Sin conexión'}</span>
        <span aria-hidden>·</span>
        <span data-testid="kiosk-pending">{status ? `${status.pending} por sincronizar` : '…'}</span>
        {status && (
          <>
            <span aria-hidden>·</span>
            <span data-testid="kiosk-last-sync">{lastSyncLabel(status.lastSyncAt, now)}</span>
          </>
        )}
        {status && status.rejected.length > 0 && (
          <span className="rounded-full bg-red-500 px-1.5 font-semibold" data-testid="kiosk-rejected">
            {status.rejected.length} rechazados
          </span>
        )}
      </button>
      {open && status && (
        <div className="mt-2 w-72 space-y-2 rounded-xl bg-white p-3 text-slate-800 shadow-xl ring-1 ring-slate-200" role="region" aria-label="Detalle de sincronización">
          <p>
            <span className="font-semibold">Última sincronización: </span>
            {status.lastSyncAt ? formatDateTime(status.lastSyncAt) : 'Nunca'}
          </p>
          {status.lastSyncError && (
            <p>
              <span className="font-semibold">Último error: </span>
              {status.lastSyncError}
            </p>
          )}
          <p className="flex items-center gap-1.5">
            <HardDrive className="size-3.5" aria-hidden />
            {status.persisted ? 'Almacenamiento persistente concedido' : 'Almacenamiento persistente no concedido'}
          </p>
          {kioskMode !== null && (
            <div className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-1.5" data-testid="kiosk-mode">
                <Monitor className="size-3.5" aria-hidden />
                Modo kiosco: {kioskMode ? 'activado' : 'desactivado'}
              </span>
              <Switch
                checked={kioskMode}
                onChange={(on) => void setKioskMode(on)}
                aria-label="Modo kiosco"
                className="group relative h-5 w-9 shrink-0 rounded-full bg-slate-300 transition-colors data-checked:bg-brand-600"
              >
                <span className="absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-4" />
              </Switch>
            </div>
          )}
          {status.rejected.length > 0 && (
            <details className="rounded-lg bg-red-50 p-2 ring-1 ring-red-200" data-testid="kiosk-rejected-list">
              <summary className="cursor-pointer font-semibold text-red-700">
                {status.rejected.length === 1 ? '1 registro rechazado por el servidor' : `${status.rejected.length} registros rechazados por el servidor`}
              </summary>
              <p className="mt-1 text-slate-600">No se volverán a enviar; el resto sigue sincronizándose.</p>
              <ul className="mt-1 max-h-40 space-y-1 overflow-auto">
                {status.rejected.map((entry) => (
                  <li key={entry.id} data-testid="kiosk-rejected-entry">
                    <span className="font-semibold">{rejectedLabel(entry)}</span>: {entry.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
          <button type="button" onClick={requestFlush} className="flex items-center gap-1.5 font-semibold text-brand-700">
            <RefreshCw className="size-3.5" aria-hidden /> Sincronizar ahora
          </button>
        </div>
      )}
    </div>
  );
}
