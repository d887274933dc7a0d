import { ChevronRight, CloudOff, CloudUpload, History, Monitor, RefreshCw, ShieldCheck, Wifi } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { kioskConfigSetting, loadStaffTools, setKioskMode, syncStatus, type KioskConfig, type StaffSession, type SyncStatus } from '../offline';
import { formatDateTime } from './format';
import { requestFlush, useServerReachable } from './kiosk';
import { PinPrompt } from './pin-prompt';
import { RejectedEntryLines } from './rejected-entry';
import { StaffPanelHost } from './staff-panel-host';
import { openStaffPanel } from './staff-panel-state';
import { pendingText } from '../../contract/kiosk-holdings';
import { lastInSync, lastSyncLabel } from './sync-label';
import { useBadgeSpace } from './use-badge-space';
import { useNow } from './use-now';
import { useSubscription } from './use-subscription';

const BADGE_ICON = 'size-3.5 shrink-0';

/** A focus ring that shows on the dark badge, the white panel and any trivia background alike. */
const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 focus-visible:ring-2 focus-visible:ring-white';

/** How often the "hace N min" wording is refreshed while nothing else changes. */
const CLOCK_TICK_MS = 30_000;

/**
 * The kiosk's corner badge: connection, results waiting to sync, last sync, the results the server
 * refused; details for staff (with the kiosk mode switch) open above it. Escape or a tap outside
 * closes them, so they never stay over the player's screen.
 */
export function StatusBadge({ kioskMode }: { kioskMode: boolean | null }) {
  const reachable = useServerReachable();
  const [open, setOpen] = useState(false);
  const now = useNow(CLOCK_TICK_MS);
  // null until the first read, so the badge never claims "0" before it has counted.
  const status = useSubscription<SyncStatus | null>(syncStatus, [], null);
  const kiosk = useSubscription<KioskConfig | null>(kioskConfigSetting, [], null);
  // Leaving kiosk mode on a set-up kiosk asks for its PIN first.
  const [askingPin, setAskingPin] = useState(false);
  // Opening the staff panel asks for the PIN too, where one was set.
  const [askingPanelPin, setAskingPanelPin] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useBadgeSpace();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      setAskingPin(false);
      setAskingPanelPin(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      setAskingPin(false);
      setAskingPanelPin(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, buttonRef]);

  const rejected = status?.rejected.length ?? 0;
  const inSync = status && lastInSync(status);

  const panelOpened = (session: StaffSession) => {
    setAskingPanelPin(false);
    setOpen(false);
    openStaffPanel(session);
  };
  /** A device with a PIN asks for it; one where no PIN was ever set opens the panel at once. */
  const openPanel = async () => {
    setAskingPin(false);
    const answer = await (await loadStaffTools()).openStaffSession();
    if (answer.kind === 'opened') panelOpened(answer.session);
    else setAskingPanelPin(true);
  };

  return (
    <div
      ref={rootRef}
      className="fixed bottom-2 left-2 z-40 flex max-w-[calc(100vw-1rem)] flex-col-reverse items-start gap-2 text-xs"
      data-testid="kiosk-status"
    >
      <button
        ref={buttonRef}
        type="button"
        onClick={() => {
          setOpen((v) => !v);
          setAskingPin(false);
          setAskingPanelPin(false);
        }}
        aria-expanded={open}
        aria-controls={open ? 'kiosk-status-detail' : undefined}
        className={`flex min-h-11 max-w-full flex-wrap items-center gap-x-3 gap-y-0.5 rounded-[1.125rem] bg-slate-900/85 px-3 py-1.5 text-left text-white shadow backdrop-blur ${FOCUS_RING}`}
      >
        <span className="sr-only">Estado de sincronización: </span>
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          {reachable ? <Wifi className={`${BADGE_ICON} text-emerald-300`} aria-hidden /> : <CloudOff className={`${BADGE_ICON} text-amber-300`} aria-hidden />}
          <span data-testid="kiosk-connection">{reachable ? 'En línea' : 'Sin conexión'}</span>
        </span>
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <CloudUpload className={`${BADGE_ICON} text-slate-300`} aria-hidden />
          <span data-testid="kiosk-pending">{status ? pendingText(status.pending) : '…'}</span>
        </span>
        {status && (
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <History className={`${BADGE_ICON} text-slate-300`} aria-hidden />
            <span data-testid="kiosk-last-sync">{lastSyncLabel(status, now)}</span>
          </span>
        )}
        {rejected > 0 && (
          <span className="rounded-full bg-red-600 px-1.5 font-semibold whitespace-nowrap" data-testid="kiosk-rejected">
            {rejected === 1 ? '1 rechazado' : `${rejected} rechazados`}
          </span>
        )}
      </button>
      {open && status && (
        <div
          id="kiosk-status-detail"
          className="max-h-[calc(100dvh-var(--kiosk-badge-space,3.5rem)-0.5rem)] w-80 max-w-full space-y-2 overflow-y-auto rounded-xl bg-white p-3 text-slate-800 shadow-xl ring-1 ring-slate-200"
          role="region"
          aria-label="Detalle de sincronización"
        >
          <p>
            <span className="font-semibold">Última sincronización: </span>
            {inSync ? formatDateTime(inSync) : lastSyncLabel(status)}
          </p>
          {status.lastSyncError && (
            <p className="break-words">
              <span className="font-semibold">Último error: </span>
              {status.lastSyncError}
            </p>
          )}
          <p>
            <span className="font-semibold">Almacenamiento persistente: </span>
            {status.persisted ? 'concedido' : 'no concedido'}
          </p>
          {kioskMode !== null && (
            <div className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-1.5" data-testid="kiosk-mode">
                <Monitor className="size-3.5 shrink-0" aria-hidden />
                Modo kiosco: {kioskMode ? 'activado' : 'desactivado'}
                {kiosk && <span className="text-slate-600"> · {kiosk.name}</span>}
              </span>
              <button
                type="button"
                role="switch"
                aria-checked={kioskMode}
                aria-label="Modo kiosco"
                onClick={() => {
                  if (kioskMode && kiosk) setAskingPin(true);
                  else void setKioskMode(!kioskMode);
                }}
                className={`player-switch relative h-6 w-11 shrink-0 rounded-full ${kioskMode ? 'bg-brand-600' : 'bg-slate-500'} ${FOCUS_RING}`}
              >
                <span className={`player-switch-thumb absolute top-1 left-1 size-4 rounded-full bg-white shadow ${kioskMode ? 'translate-x-5' : ''}`} />
              </button>
            </div>
          )}
          {askingPin && (
            <PinPrompt
              action="Salir del modo kiosco"
              check={async (pin) => {
                const answer = await setKioskMode(false, pin);
                if (answer.kind === 'accepted') setAskingPin(false);
                return answer;
              }}
              onCancel={() => setAskingPin(false)}
            />
          )}
          {rejected > 0 && (
            <details className="group rounded-lg bg-red-50 ring-1 ring-red-200" data-testid="kiosk-rejected-list">
              <summary
                className={`flex cursor-pointer list-none items-center gap-1.5 rounded-lg p-2 font-semibold text-red-800 [&::-webkit-details-marker]:hidden ${FOCUS_RING}`}
              >
                <ChevronRight className="size-3.5 shrink-0 transition-transform group-open:rotate-90" aria-hidden />
                {rejected === 1 ? '1 registro rechazado por el servidor' : `${rejected} registros rechazados por el servidor`}
              </summary>
              <div className="space-y-1.5 px-2 pb-2">
                <p className="text-slate-700">No se volverán a enviar; el resto sigue sincronizándose.</p>
                <ul className="space-y-1.5">
                  {status.rejected.map((entry) => (
                    <li key={entry.id} className="rounded-md bg-white p-2 text-slate-700 ring-1 ring-red-100" data-testid="kiosk-rejected-entry">
                      <RejectedEntryLines entry={entry} titleClass="text-slate-900" mutedClass="text-slate-600" />
                    </li>
                  ))}
                </ul>
              </div>
            </details>
          )}
          {kioskMode === true && (
            <button
              type="button"
              onClick={() => void openPanel()}
              className={`-mx-1 flex items-center gap-1.5 rounded-md px-1 py-0.5 font-semibold text-brand-700 hover:bg-brand-50 ${FOCUS_RING}`}
            >
              <ShieldCheck className="size-3.5" aria-hidden /> Panel del personal
            </button>
          )}
          {askingPanelPin && (
            <PinPrompt
              action="Abrir el panel"
              check={async (pin) => {
                const answer = await (await loadStaffTools()).openStaffSession(pin);
                if (answer.kind !== 'opened') return answer;
                panelOpened(answer.session);
                return { kind: 'accepted' };
              }}
              onCancel={() => setAskingPanelPin(false)}
            />
          )}
          <button
            type="button"
            onClick={requestFlush}
            className={`-mx-1 flex items-center gap-1.5 rounded-md px-1 py-0.5 font-semibold text-brand-700 hover:bg-brand-50 ${FOCUS_RING}`}
          >
            <RefreshCw className="size-3.5" aria-hidden /> Sincronizar ahora
          </button>
        </div>
      )}
      <StaffPanelHost />
    </div>
  );
}
