import { reviewReasonLabel } from '../../contract/review-reasons';
import type { DeviceRecords, KindCounts, ServerReceipt, StaffTools } from '../offline';

/** The kinds of record the staff panel counts, in the order it lists them. */
const KINDS = ['player', 'attempt', 'completion'] as const;

/** The staff panel's heading for each kind of record. */
const KIND_TITLE = { player: 'Registros', attempt: 'Intentos', completion: 'Resultados' } as const;

/** A count per kind of record (registros, intentos, resultados), as a list of terms and figures. */
export function CountList({ counts, testId }: { counts: KindCounts; testId: string }) {
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
export function ReceiptLines({ records, receipt, tools }: { records: DeviceRecords; receipt: ServerReceipt | null; tools: StaffTools }) {
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
