import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { KIOSK_IDLE_MAX_SECONDS, KIOSK_IDLE_MIN_SECONDS } from '../../contract/kiosk-values';
import { reviewReasonLabel } from '../../contract/review-reasons';
import type { DeviceRecords, KindCounts, ServerReceipt, StaffSession, StaffTools, StorageInfo } from '../offline';
import { updateNow } from '../pwa/service-worker';
import { formatDateTime } from './format';
import { requestFlush } from './kiosk';
import { closeStaffPanel } from './staff-panel-state';
import { contactLabel, lastSyncLabel, reviewDeadline } from './sync-label';
import './staff-panel.css';

/**
 * "Panel del personal": what this kiosk holds and what the server confirmed, the refused writes and
 * a report of them for support, the device's storage and version, and the kiosk's settings. It is
 * its own chunk, loaded when staff open it past the PIN; a native modal dialog over the player
 * screen (which stays inert behind it). 'Cerrar' (or Escape) returns the kiosk to its attract screen.
 */

const KINDS = ['player', 'attempt', 'completion'] as const;
const KIND_TITLE = { player: 'Registros', attempt: 'Intentos', completion: 'Resultados' } as const;
const KIND_ONE = { player: 'Registro', attempt: 'Intento', completion: 'Resultado' } as const;

/** The version staff read out to support: set by the player build, 'desarrollo' in the dev server and tests. */
const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? 'desarrollo';

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

const BUTTON = 'staff-button inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="staff-card space-y-3 rounded-xl p-4" data-testid={testId}>
      <h3 id={id} className="text-lg font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

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

function useServerReceipt(tools: StaffTools, lastSyncAt: string | null | undefined) {
  const [asked, setAsked] = useState(0);
  // Asked on opening, again after every sync (the server's side moves with each push) and on request.
  const key = `${lastSyncAt ?? ''}|${asked}`;
  const [answer, setAnswer] = useState<{ key: string; receipt: ServerReceipt } | null>(null);
  useEffect(() => {
    let current = true;
    void tools.fetchServerReceipt().then((receipt) => {
      if (current) setAnswer({ key, receipt });
    });
    return () => {
      current = false;
    };
  }, [tools, key]);
  return { receipt: answer?.receipt ?? null, asking: answer?.key !== key, ask: () => setAsked((n) => n + 1) };
}

export function StaffPanel({ tools, session }: { tools: StaffTools; session: StaffSession }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [records, setRecords] = useState<DeviceRecords | null>(null);
  const [storage, setStorage] = useState<StorageInfo | null>(null);
  const { receipt, asking, ask } = useServerReceipt(tools, records?.lastSyncAt);

  useEffect(() => tools.watchDeviceRecords(setRecords), [tools]);
  useEffect(() => {
    void tools.readStorageInfo().then(setStorage);
  }, [tools]);
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
          {records?.kiosk && <p className="staff-muted break-words">Kiosco {records.kiosk.name}</p>}
        </div>
        <button ref={closeRef} type="button" className={`${BUTTON} staff-button-primary`} onClick={() => closeStaffPanel(true)}>
          Cerrar
        </button>
      </header>
      {!records ? (
        <p className="p-4">Cargando…</p>
      ) : (
        <div className="grid gap-4 p-4 md:grid-cols-2">
          <Section title="Por sincronizar" testId="staff-pending">
            <CountList counts={records.pending} testId="staff-pending" />
            <p>
              <span className="font-semibold">Última sincronización: </span>
              {records.lastSyncAt ? (
                <>
                  {lastSyncLabel(records.lastSyncAt)} (<time dateTime={records.lastSyncAt}>{formatDateTime(records.lastSyncAt)}</time>)
                </>
              ) : (
                'Nunca sincronizado'
              )}
            </p>
            <ContactLine lastContactAt={records.lastContactAt} windowHours={records.offlineWindowHours} />
            {records.lastSyncError && (
              <p className="break-words">
                <span className="font-semibold">Último error: </span>
                {records.lastSyncError}
              </p>
            )}
            <button type="button" className={BUTTON} onClick={requestFlush}>
              Sincronizar ahora
            </button>
          </Section>

          <Section title="Comprobante de sincronización" testId="staff-receipt">
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
            <button type="button" className={BUTTON} onClick={ask} disabled={asking}>
              Consultar al servidor
            </button>
          </Section>

          <Section title="Rechazados por el servidor" testId="staff-rejected">
            {records.rejected.length === 0 ? (
              <p>Ninguno.</p>
            ) : (
              <>
                <p>No se volverán a enviar; el resto sigue sincronizándose.</p>
                <ul className="space-y-2">
                  {records.rejected.map((entry) => (
                    <li key={entry.id ?? entry.mutationId} className="staff-rejected rounded-lg p-3" data-testid="staff-rejected-entry">
                      <p className="font-semibold">
                        {KIND_ONE[entry.kind] ?? entry.kind} #{entry.mutationId}
                        {typeof entry.payload?.documentNumber === 'string' && <span className="font-normal"> · Documento {entry.payload.documentNumber}</span>}
                      </p>
                      <p className="break-words">{typeof entry.reason === 'string' ? entry.reason : ''}</p>
                      <p className="staff-muted">
                        Rechazado el <time dateTime={entry.rejectedAt}>{formatDateTime(entry.rejectedAt)}</time>
                      </p>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <button type="button" className={BUTTON} onClick={downloadReport} data-testid="staff-report">
              Descargar informe
            </button>
          </Section>

          <Section title="Dispositivo" testId="staff-device">
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
            <button type="button" className={BUTTON} onClick={() => void updateNow()}>
              Actualizar
            </button>
          </Section>

          <KioskSettings session={session} records={records} />
        </div>
      )}
    </dialog>
  );
}

function CountList({ counts, testId }: { counts: KindCounts; testId: string }) {
  return (
    <dl className="staff-facts">
      {KINDS.map((kind) => (
        <div key={kind} className="contents">
          <dt>{KIND_TITLE[kind]}</dt>
          <dd className="tabular-nums" data-testid={`${testId}-${kind}`}>
            {counts[kind]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The parts of a receipt line that are not confirmed, as staff read them (only those above 0). */
const LINE_PARTS = [
  ['inReview', 'en revisión'],
  ['discarded', 'descartados'],
  ['rejected', 'rechazados'],
  ['pending', 'por sincronizar'],
] as const;

/**
 * "registrados en este dispositivo N · confirmados por el servidor N", per kind, then where the
 * rest stands (en revisión, descartados, rechazados, por sincronizar): the line adds up to what
 * the device recorded, and ✓ only when the server confirmed all of it.
 */
function ReceiptLines({ records, receipt, tools }: { records: DeviceRecords; receipt: ServerReceipt | null; tools: StaffTools }) {
  const server = receipt?.kind === 'received' ? receipt.receipt.counts : receipt?.kind === 'unregistered' ? null : undefined;
  const inReview = receipt?.kind === 'received' ? receipt.receipt.inReview : [];
  return (
    <>
      <ul className="space-y-2">
        {KINDS.map((kind) => {
          const line = server ? tools.receiptLine(records, server, kind) : undefined;
          const confirmed = line ? line.confirmed : server === null ? 0 : undefined;
          const parts = line ? LINE_PARTS.filter(([key]) => line[key] > 0).map(([key, label]) => `${label} ${line[key]}`) : [];
          if (line && line.unaccounted !== 0) parts.push(`sin cuadrar ${line.unaccounted}`);
          return (
            <li
              key={kind}
              data-testid={`staff-receipt-${kind}`}
              data-recorded={records.recorded[kind]}
              data-confirmed={confirmed ?? ''}
              data-in-review={line?.inReview ?? ''}
            >
              <span className="font-semibold">{KIND_TITLE[kind]}: </span>
              registrados en este dispositivo <span className="tabular-nums">{records.recorded[kind]}</span> · confirmados por el servidor{' '}
              <span className="tabular-nums">{confirmed ?? '—'}</span>
              {confirmed === records.recorded[kind] && <span className="staff-ok"> ✓</span>}
              {parts.length > 0 && <span className="staff-warn tabular-nums"> · {parts.join(' · ')}</span>}
              {server === null && records.recorded[kind] > 0 && <span className="staff-warn"> (sin confirmar {records.recorded[kind]})</span>}
            </li>
          );
        })}
      </ul>
      {inReview.length > 0 && (
        <div className="staff-review rounded-lg p-3" data-testid="staff-review">
          <p className="font-semibold">Resultados en revisión en el servidor</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {inReview.map((entry) => (
              <li key={entry.reason} data-testid="staff-review-reason">
                {reviewReasonLabel(entry.reason)}: <span className="tabular-nums">{entry.count}</span>
              </li>
            ))}
          </ul>
          <p className="staff-muted mt-1">No cuentan en el ranking hasta que un organizador los apruebe en «Resultados en revisión».</p>
        </div>
      )}
    </>
  );
}

function KioskSettings({ session, records }: { session: StaffSession; records: DeviceRecords }) {
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    await session.leaveKioskMode();
    closeStaffPanel(false);
  };
  return (
    <Section title="Ajustes del kiosco" testId="staff-settings">
      {records.kiosk ? (
        <>
          <IdleForm session={session} seconds={records.kiosk.idleSeconds} />
          <PinForm session={session} />
        </>
      ) : (
        <p>Este dispositivo no se configuró como kiosco y no tiene PIN: cualquiera puede abrir este panel. Configúralo con un enlace de configuración de kiosco.</p>
      )}
      <button type="button" className={`${BUTTON} staff-button-danger`} onClick={() => void leave()} disabled={leaving}>
        Salir del modo kiosco
      </button>
    </Section>
  );
}

function useSavedMessage() {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  return { message, say: (text: string, error = false) => setMessage({ text, error }) };
}

function FormMessage({ id, message }: { id: string; message: { text: string; error: boolean } | null }) {
  return (
    <p id={id} role="status" className={message?.error ? 'staff-warn font-semibold' : 'staff-ok font-semibold'}>
      {message?.text ?? ''}
    </p>
  );
}

function IdleForm({ session, seconds }: { session: StaffSession; seconds: number }) {
  const id = useId();
  const [value, setValue] = useState(String(seconds));
  const { message, say } = useSavedMessage();
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
        <button type="submit" className={BUTTON}>
          Guardar
        </button>
      </div>
      <FormMessage id={`${id}-message`} message={message} />
    </form>
  );
}

function PinForm({ session }: { session: StaffSession }) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const { message, say } = useSavedMessage();
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
      <button type="submit" className={BUTTON}>
        Cambiar PIN
      </button>
      <FormMessage id={`${id}-message`} message={message} />
      </fieldset>
    </form>
  );
}

/**
 * How long the kiosk has been without contact with the server, and from when what it sends would
 * be held for review (OFFLINE_WINDOW_HOURS after that contact; docs/fair-play.md).
 */
function ContactLine({ lastContactAt, windowHours }: { lastContactAt: string | null; windowHours: number }) {
  if (!lastContactAt) return null;
  const { reviewFrom, late } = reviewDeadline(lastContactAt, windowHours);
  return (
    <p data-testid="staff-contact">
      <span className="font-semibold">Último contacto con el servidor: </span>
      {contactLabel(lastContactAt)} (<time dateTime={lastContactAt}>{formatDateTime(lastContactAt)}</time>).{' '}
      {late ? (
        <span className="font-semibold">
          Lleva más de {windowHours} h sin contacto: los resultados que envíe quedarán en revisión hasta que el organizador los apruebe.
        </span>
      ) : (
        <>
          Si sigue sin conexión, los resultados que envíe desde el <time dateTime={reviewFrom.toISOString()}>{formatDateTime(reviewFrom.toISOString())}</time> quedarán en revisión.
        </>
      )}
    </p>
  );
}
