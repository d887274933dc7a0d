import { useEffect, useId, useRef } from 'react';
import { kioskTitle, pendingText } from '../../contract/kiosk-holdings';
import type { DeviceRecords, StaffSession, StaffTools } from '../offline';
import { updateNow } from '../pwa/service-worker';
import { formatDateTime } from './format';
import { requestFlush, useServerReachable } from './kiosk';
import { CountList, ReceiptLines } from './staff-kind-counts';
import { KioskSettings } from './staff-kiosk-settings';
import { RejectedEntryLines } from './rejected-entry';
import { StaffPictures } from './staff-pictures';
import { closeStaffPanel } from './staff-panel-state';
import { STAFF_BUTTON, StaffSection } from './staff-section';
import { contactLabel, lastInSync, reviewDeadline } from './sync-label';
import { useStaffPanelData } from './use-staff-panel-data';
import './staff-panel.css';

/** The version staff read out to support: set by the player build, 'desarrollo' in the dev server and tests. */
const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? 'desarrollo';

function downloadJson(fileName: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'informe-kiosco-1a2b3c4d-20260501-1005.json'. */
function reportFileName(deviceId: string | null, now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `informe-kiosco-${(deviceId ?? 'sin-registrar').slice(0, 8)}-${stamp}.json`;
}

const NUMBER = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });

function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${NUMBER.format(value)} ${units[unit]}`;
}

/**
 * "Panel del personal": what this kiosk holds and what the server confirmed, the refused writes and
 * a report of them for support, the device's storage and version, and the kiosk's settings. It is
 * its own chunk, loaded when staff open it past the PIN; a native modal dialog over the player
 * screen (which stays inert behind it). 'Cerrar' (or Escape) returns the kiosk to its attract screen.
 */
export function StaffPanel({ tools, session }: { tools: StaffTools; session: StaffSession }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const { records, storage, receipt, asking, ask } = useStaffPanelData(tools);
  const reachable = useServerReachable();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    closeRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const downloadReport = () => {
    if (!records) return;
    const now = new Date();
    downloadJson(reportFileName(records.deviceId, now), tools.supportReport({ records, receipt: receipt ?? { kind: 'failed', message: 'Sin consultar' }, appVersion: APP_VERSION, storage, now }));
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="staff-panel"
      data-testid="staff-panel"
      onCancel={(event) => {
        event.preventDefault();
        closeStaffPanel(true);
      }}
    >
      <header className="staff-header sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-bold">
            Panel del personal
          </h2>
          {records?.kiosk && (
            <p className="staff-muted break-words" data-testid="staff-kiosk-name">
              {kioskTitle(records.kiosk.name)}
            </p>
          )}
        </div>
        <button ref={closeRef} type="button" className={`${STAFF_BUTTON} staff-button-primary`} onClick={() => closeStaffPanel(true)}>
          Cerrar
        </button>
      </header>
      {!records ? (
        <p className="p-4">Cargando…</p>
      ) : (
        <div className="grid gap-4 p-4 md:grid-cols-2">
          <StaffSection title="Por sincronizar" testId="staff-pending">
            <p className="font-semibold" data-testid="staff-pending-rounds">
              {pendingText(records.held)}
            </p>
            <CountList counts={records.pending} testId="staff-pending" />
            <ContactLine records={records} reachable={reachable} />
            {records.refilled && records.refilled.count > 0 && (
              <p data-testid="staff-refilled">
                {refilledText(records.refilled.count)} (<time dateTime={records.refilled.at}>{formatDateTime(records.refilled.at)}</time>).
              </p>
            )}
            {records.lastSyncError && (
              <p className="break-words">
                <span className="font-semibold">Último error: </span>
                {records.lastSyncError}
              </p>
            )}
            <button type="button" className={STAFF_BUTTON} onClick={requestFlush}>
              Sincronizar ahora
            </button>
          </StaffSection>

          <StaffSection title="Comprobante de sincronización" testId="staff-receipt">
            <ReceiptLines records={records} receipt={receipt} tools={tools} />
            <p className="staff-muted" aria-live="polite" data-testid="staff-receipt-status">
              {asking
                ? 'Consultando al servidor…'
                : receipt?.kind === 'received'
                  ? `Servidor consultado el ${formatDateTime(receipt.at)}.`
                  : receipt?.kind === 'unregistered'
                    ? 'Este dispositivo aún no se ha registrado en el servidor.'
                    : receipt?.kind === 'failed'
                      ? `No se pudo consultar al servidor: ${receipt.message}`
                      : ''}
            </p>
            <button type="button" className={STAFF_BUTTON} onClick={ask} disabled={asking}>
              Consultar al servidor
            </button>
          </StaffSection>

          <StaffSection title="Rechazados por el servidor" testId="staff-rejected">
            {records.rejected.length === 0 ? (
              <p>Ninguno.</p>
            ) : (
              <>
                <p>No se volverán a enviar; el resto sigue sincronizándose.</p>
                <ul className="space-y-2">
                  {records.rejected.map((entry) => (
                    <li key={entry.id ?? entry.mutationId} className="staff-rejected rounded-lg p-3" data-testid="staff-rejected-entry">
                      <RejectedEntryLines entry={entry} mutedClass="staff-muted" />
                    </li>
                  ))}
                </ul>
              </>
            )}
            <button type="button" className={STAFF_BUTTON} onClick={downloadReport} data-testid="staff-report">
              Descargar informe
            </button>
          </StaffSection>

          <StaffSection title="Dispositivo" testId="staff-device">
            <dl className="staff-facts">
              <dt>Identificador</dt>
              <dd className="break-all" data-testid="staff-device-id">
                {records.deviceId ?? 'Sin registrar'}
              </dd>
              <dt>Versión</dt>
              <dd data-testid="staff-version">{APP_VERSION}</dd>
              <dt>Almacenamiento persistente</dt>
              <dd data-testid="staff-persisted">{storage?.persisted === true ? 'Concedido' : storage?.persisted === false ? 'No concedido' : 'Desconocido'}</dd>
              <dt>Espacio usado</dt>
              <dd data-testid="staff-storage">
                {storage?.usageBytes != null && storage.quotaBytes != null ? `${formatBytes(storage.usageBytes)} de ${formatBytes(storage.quotaBytes)}` : 'Desconocido'}
              </dd>
            </dl>
            {records.kiosk && <StaffPictures tools={tools} groupId={records.kiosk.groupId} />}
            <button type="button" className={STAFF_BUTTON} onClick={() => void updateNow()}>
              Actualizar
            </button>
          </StaffSection>

          <KioskSettings session={session} records={records} />
        </div>
      )}
    </dialog>
  );
}

/** The results a restored server got back from this device (refill.ts), said once it has them all. */
const refilledText = (count: number) => `El servidor recuperó ${count} ${count === 1 ? 'resultado' : 'resultados'} de este kiosco`;

/**
 * When the kiosk last reached the server with nothing left to send, and, while it cannot reach it,
 * until when it may reconnect before its rounds need review: the server holds every round of a
 * push that arrives more than OFFLINE_WINDOW_HOURS after that contact (`unanchored_time`,
 * docs/fair-play.md), whenever in that time each was played.
 */
function ContactLine({ records, reachable }: { records: DeviceRecords; reachable: boolean }) {
  const windowHours = records.offlineWindowHours;
  const lastContactAt = lastInSync(records);
  // Every device that reached the server has one (its registration is a contact).
  if (!lastContactAt) return null;
  const { reviewFrom, late } = reviewDeadline(lastContactAt, windowHours);
  return (
    <>
      <p data-testid="staff-contact">
        <span className="font-semibold">Última conexión con el servidor: </span>
        {contactLabel(lastContactAt)} (<time dateTime={lastContactAt}>{formatDateTime(lastContactAt)}</time>).
      </p>
      {(late || !reachable) && (
        <p className={late ? 'font-semibold' : undefined} data-testid="staff-review-from">
          {late ? (
            `Lleva más de ${windowHours} h sin conexión: las`
          ) : (
            <>
              Si no vuelve a conectarse antes del <time dateTime={reviewFrom.toISOString()}>{formatDateTime(reviewFrom)}</time>, las
            </>
          )}{' '}
          partidas jugadas desde esa última conexión quedarán en revisión{late && ' hasta que un organizador las apruebe'}.
        </p>
      )}
    </>
  );
}
