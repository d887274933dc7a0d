import { ArrowRight, ShieldOff } from 'lucide-react';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_KIND_LABELS, activityFieldLabel, type ActivityChangeValue, type ActivityEntry } from '../../../contract';
import { DateTime } from '../../shared/time-zone/event-time-zone';

const shown = (value: ActivityChangeValue) => (value === null || value === '' ? '—' : typeof value === 'boolean' ? (value ? 'Sí' : 'No') : String(value));

const MUTED = 'text-slate-600 dark:text-slate-400';

/**
 * One entry: what was done (the summary), when, by whom, to which object, and each field before →
 * after. A value may be a long unbroken text (a picture's path, a JSON): it wraps anywhere rather
 * than push the page sideways on a phone at 200 % zoom.
 */
export function ActivityEntryCard({ entry }: { entry: ActivityEntry }) {
  const changes = entry.changes ? Object.entries(entry.changes) : [];
  return (
    <article className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900" data-testid="activity-entry">
      <p className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-600/20 ring-inset dark:bg-brand-400/10 dark:text-brand-100 dark:ring-brand-400/30">
          {ACTIVITY_ACTION_LABELS[entry.action]}
        </span>
        <span className="min-w-0 font-semibold wrap-anywhere">{entry.summary}</span>
      </p>
      <p className={`flex flex-wrap gap-x-3 gap-y-1 text-sm ${MUTED}`}>
        <DateTime value={entry.at} />
        <span data-testid="activity-author">{entry.author ? `${entry.author.name} (${entry.author.username})` : 'Sin autor'}</span>
        <span>{entry.companyName ?? (entry.companyId === null ? 'Instalación' : `Empresa ${entry.companyId}`)}</span>
        <span>
          {ACTIVITY_KIND_LABELS[entry.kind]}
          {entry.objectId !== null && ` #${entry.objectId}`}
        </span>
        {entry.address && <span className="font-mono break-all">{entry.address}</span>}
      </p>
      {entry.redacted && (
        <p className={`flex items-center gap-1.5 text-sm ${MUTED}`}>
          <ShieldOff className="size-4 shrink-0" aria-hidden />
          {entry.kind === 'question' ? 'Cambios ocultos para tu rol: las respuestas muestran cuál es la correcta.' : 'Datos personales ocultos para tu rol.'}
        </p>
      )}
      {changes.length > 0 && (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 border-t border-slate-100 pt-2 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] dark:border-slate-800">
          {changes.map(([field, [before, after]]) => (
            <div key={field} className="contents">
              <dt className="min-w-0 font-medium wrap-anywhere">{activityFieldLabel(field)}</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-1.5">
                <span className={`min-w-0 wrap-anywhere ${MUTED}`}>
                  <span className="sr-only">antes: </span>
                  {shown(before)}
                </span>
                <ArrowRight className="size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
                <span className="min-w-0 wrap-anywhere">
                  <span className="sr-only">después: </span>
                  {shown(after)}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
