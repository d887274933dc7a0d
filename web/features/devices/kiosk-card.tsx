import { ChevronDown, CircleAlert, Hourglass, MonitorSmartphone, WifiOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { KIOSK_DATA_LOST, RECEIPT_OUTCOMES, reviewReasonLabel, SYNC_MUTATION_KINDS, type OutcomeCounts, type SyncMutationKind, type KioskSummary } from '../../../contract';
import { roundsText } from '../../../contract/kiosk-holdings';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../shared/time-zone/event-time-zone';
import { offlineText } from './silence';

const KIND_LABEL: Record<SyncMutationKind, string> = { player: 'Registros', attempt: 'Intentos', completion: 'Resultados' };
const KIND_SINGULAR: Record<string, string> = { player: 'Registro', attempt: 'Intento', completion: 'Resultado' };
/** The column headings; the soft hyphens let them break on a 390 px phone, where the four columns would not fit whole. */
const STATUS_LABEL: Record<keyof OutcomeCounts, string> = {
  confirmed: 'Confir\u00ADmados',
  inReview: 'En revisión',
  discarded: 'Descar\u00ADtados',
  rejected: 'Recha\u00ADzados',
};
const STATUSES = RECEIPT_OUTCOMES;

const badgeClass = 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** Why the kiosk stands out, in words (never colour alone). */
function AttentionBadges({ kiosk, checkedAt }: { kiosk: KioskSummary; checkedAt: string }) {
  const rejected = kiosk.mutations.total.rejected;
  const inReview = kiosk.mutations.byKind.completion.inReview;
  return (
    <>
      {kiosk.dataLostAt && (
        <span className={`${badgeClass} bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200`}>
          <CircleAlert className="size-3.5" aria-hidden />
          Perdió sus datos
        </span>
      )}
      {kiosk.attention.offline && (
        <span className={`${badgeClass} bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200`}>
          <WifiOff className="size-3.5" aria-hidden />
          {offlineText(kiosk.attention.silentSince, checkedAt)}
        </span>
      )}
      {rejected > 0 && (
        <span className={`${badgeClass} bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200`}>
          <CircleAlert className="size-3.5" aria-hidden />
          {rejected === 1 ? '1 rechazada' : `${rejected} rechazadas`}
        </span>
      )}
      {inReview > 0 && (
        <span className={`${badgeClass} bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200`} data-testid="kiosk-in-review">
          <Hourglass className="size-3.5" aria-hidden />
          {inReview === 1 ? '1 resultado en revisión' : `${inReview} resultados en revisión`}
        </span>
      )}
      {!kiosk.attention.inService && (
        <span className={`${badgeClass} bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300`}>Sin campaña en curso</span>
      )}
    </>
  );
}

/** A kiosk whose browser came back without its data: what to do, and that what it never sent is gone. */
function DataLost({ kiosk }: { kiosk: KioskSummary }) {
  if (!kiosk.dataLostAt) return null;
  return (
    <div className="flex gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 text-sm dark:border-red-900/60 dark:bg-red-950/30" data-testid="kiosk-data-lost">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-300" aria-hidden />
      <div className="space-y-1">
        <p className="font-semibold text-red-900 dark:text-red-100">{KIOSK_DATA_LOST}</p>
        <p className="text-slate-700 dark:text-slate-300">
          Su navegador volvió sin sus datos (<DateTime value={kiosk.dataLostAt} />): lo que aún no había enviado se perdió en la tableta. Lo que el servidor
          recibió de él está abajo. Configúralo de nuevo con un enlace de configuración.
        </p>
      </div>
    </div>
  );
}

/** What the kiosk sent, per kind and where it stands now (the ranking's own state: an approved result is confirmed). */
function CountsTable({ kiosk }: { kiosk: KioskSummary }) {
  return (
    // Scrolls sideways at 200 % zoom on a phone: focusable, so the keyboard reaches what it hides.
    <div className="max-w-2xl overflow-x-auto" tabIndex={0} role="region" aria-label={`Recibidos de ${kiosk.name}`}>
      <table className="w-full text-sm tabular-nums" data-testid="kiosk-counts">
        <caption className="sr-only">Lo recibido de {kiosk.name}, por tipo y estado</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
            <th scope="col" className="py-1 pr-2 align-bottom font-medium sm:pr-3">
              Tipo
            </th>
            {STATUSES.map((status) => (
              <th key={status} scope="col" className="px-1.5 py-1 text-right align-bottom font-medium sm:px-2">
                {STATUS_LABEL[status]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {SYNC_MUTATION_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row" className="py-1 pr-3 text-left font-medium text-slate-700 dark:text-slate-300">
                {KIND_LABEL[kind]}
              </th>
              {STATUSES.map((status) => (
                <td key={status} className="px-1.5 py-1 text-right sm:px-2" data-testid={`kiosk-${kind}-${status}`}>
                  {kiosk.mutations.byKind[kind][status]}
                </td>
              ))}
            </tr>
          ))}
          <tr className="font-semibold">
            <th scope="row" className="py-1 pr-3 text-left">
              Total
            </th>
            {STATUSES.map((status) => (
              <td key={status} className="px-1.5 py-1 text-right sm:px-2">
                {kiosk.mutations.total[status]}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** Why the kiosk's results wait for review, with the way to the trivia's review list. */
function InReview({ kiosk }: { kiosk: KioskSummary }) {
  if (kiosk.mutations.inReview.length === 0) return null;
  return (
    <div className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm dark:border-amber-900/60 dark:bg-amber-950/30" data-testid="kiosk-review-reasons">
      <p className="font-medium text-slate-900 dark:text-slate-100">Resultados en revisión, por motivo</p>
      <ul className="list-disc space-y-0.5 pl-5 text-slate-700 dark:text-slate-300">
        {kiosk.mutations.inReview.map((entry) => (
          <li key={entry.reason}>
            {reviewReasonLabel(entry.reason)}: <span className="tabular-nums">{entry.count}</span>
          </li>
        ))}
      </ul>
      {kiosk.trivia && (
        <Link
          to={`/ranking-admin?id=${kiosk.trivia.id}`}
          className="inline-flex font-semibold text-amber-900 underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700 dark:text-amber-200"
        >
          Revisar en el ranking de {kiosk.trivia.name}
        </Link>
      )}
    </div>
  );
}

/** The refused mutations, as the rejections list shows them: reason, kind, time and the payload's summary (document masked). */
function Rejections({ kiosk, id }: { kiosk: KioskSummary; id: string }) {
  const hidden = kiosk.mutations.total.rejected - kiosk.rejections.length;
  return (
    <div id={id} className="space-y-2">
      <ul className="space-y-2">
        {kiosk.rejections.map((rejection) => (
          <li key={rejection.mutationId} className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm dark:border-amber-900/60 dark:bg-amber-950/30">
            <p className="font-medium text-slate-900 dark:text-slate-100">{rejection.reason || 'Sin motivo registrado'}</p>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              {KIND_SINGULAR[rejection.kind] ?? rejection.kind} · operación {rejection.mutationId} · <DateTime value={rejection.createdAt} />
            </p>
            {Object.keys(rejection.payload).length > 0 && (
              <p className="mt-1 text-xs break-words text-slate-600 dark:text-slate-300">
                {Object.entries(rejection.payload)
                  .map(([key, value]) => `${key}: ${String(value)}`)
                  .join(' · ')}
              </p>
            )}
          </li>
        ))}
      </ul>
      {hidden > 0 && <p className="text-xs text-slate-600 dark:text-slate-400">Y {hidden} más, anteriores.</p>}
    </div>
  );
}

/** One kiosk: name, trivia and company, its times, what it sent and, on demand, what was refused. */
export function KioskCard({ kiosk, checkedAt }: { kiosk: KioskSummary; checkedAt: string }) {
  const [open, setOpen] = useState(false);
  const rejectionsId = useId();
  const rejected = kiosk.mutations.total.rejected;
  return (
    <Card className={`p-4 sm:p-5 ${kiosk.attention.offline || kiosk.dataLostAt ? 'ring-2 ring-red-300 dark:ring-red-800' : ''}`}>
      <article aria-labelledby={`${rejectionsId}-name`} className="space-y-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <MonitorSmartphone className="size-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
          <h3 id={`${rejectionsId}-name`} className="text-lg font-semibold break-words">
            {kiosk.name}
          </h3>
          <AttentionBadges kiosk={kiosk} checkedAt={checkedAt} />
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {kiosk.trivia ? (
            <>
              {kiosk.trivia.name} <span className="text-slate-500 dark:text-slate-400">· {kiosk.trivia.companyName}</span>
            </>
          ) : (
            'Trivia eliminada'
          )}
        </p>
        <DataLost kiosk={kiosk} />
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Fact label="Configurado"><DateTime value={kiosk.setupAt} /></Fact>
          <Fact label="Última conexión">{kiosk.lastSeenAt ? <DateTime value={kiosk.lastSeenAt} /> : 'Nunca'}</Fact>
          <Fact label="Última sincronización">{kiosk.lastSyncAt ? <DateTime value={kiosk.lastSyncAt} /> : 'Nunca'}</Fact>
          <Fact label="Recibidas">{roundsText(RECEIPT_OUTCOMES.reduce((sum, outcome) => sum + kiosk.mutations.byKind.attempt[outcome], 0))}</Fact>
        </dl>
        <CountsTable kiosk={kiosk} />
        <InReview kiosk={kiosk} />
        {rejected > 0 && (
          <div className="space-y-3">
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={open}
              aria-controls={open ? `${rejectionsId}-list` : undefined}
              onClick={() => setOpen((value) => !value)}
              icon={<ChevronDown className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} aria-hidden />}
            >
              Ver rechazadas ({rejected})
            </Button>
            {open && <Rejections kiosk={kiosk} id={`${rejectionsId}-list`} />}
          </div>
        )}
      </article>
    </Card>
  );
}
