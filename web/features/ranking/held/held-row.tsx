import { AlertTriangle, CalendarDays, Check, Clock, Globe, MapPin, Smartphone, Tablet, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { heldDeviceLabel, REVIEW_REASON_HELP, REVIEW_REASON_LABELS, type HeldAttempt, type Scoring } from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { formatDuration, formatScore, formatTimeOfDay, sameDayIn } from '../../../lib/format';
import { DateTime, useTimeZone } from '../../../shared/time-zone/event-time-zone';

export const playerName = (attempt: HeldAttempt) => `${attempt.firstName} ${attempt.lastName}`.trim();

/** One fact of a held result ('Tiempo 0:42', the site, the device), kept on one line when it fits. */
function Fact({ icon, label, children }: { icon: ReactNode; label?: string; children: ReactNode }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      {icon}
      {label && <span className="sr-only">{label}: </span>}
      <span className="min-w-0 break-words">{children}</span>
    </span>
  );
}

const FACT_ICON = 'size-3.5 shrink-0 text-slate-500 dark:text-slate-400';

function DeviceIcon({ attempt }: { attempt: HeldAttempt }) {
  const Icon = attempt.device === null ? Globe : attempt.device.kind === 'kiosk' ? Tablet : Smartphone;
  return <Icon className={FACT_ICON} aria-hidden />;
}

/** When it was played: the start, and the end (its time only when on the same day). */
function PlayedAt({ attempt }: { attempt: HeldAttempt }) {
  const { startedAt, completedAt } = attempt;
  const zone = useTimeZone();
  return (
    <Fact icon={<CalendarDays className={FACT_ICON} aria-hidden />}>
      <span className="sr-only">Empezó </span>
      <DateTime value={startedAt} />
      {completedAt && (
        <>
          <span aria-hidden> – </span>
          <span className="sr-only"> y terminó </span>
          {zone && sameDayIn(startedAt, completedAt, zone) ? <time dateTime={completedAt}>{formatTimeOfDay(completedAt, zone)}</time> : <DateTime value={completedAt} />}
        </>
      )}
    </Fact>
  );
}

interface HeldRowProps {
  attempt: HeldAttempt;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** The trivia's scoring: the score's unit. */
  scoring: Scoring | undefined;
  /** What to do with its reason; left out when the list is filtered by that reason (said once above it). */
  showHelp: boolean;
  busy: boolean;
  approving: boolean;
  onApprove: () => void;
  onDiscard: () => void;
}

/**
 * One held result: a checkbox for a bulk decision, what an organiser needs to decide (player,
 * score, time, site, device, when it was played, the reason and what to do with it), and
 * 'Aprobar' and 'Descartar' for this one alone.
 */
export function HeldRow({ attempt, scoring, selected, onSelect, showHelp, busy, approving, onApprove, onDiscard }: HeldRowProps) {
  const name = playerName(attempt);
  return (
    <li className="flex gap-3 py-4" aria-label={`Resultado de ${name}`}>
      <input
        type="checkbox"
        className="mt-1 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600 pointer-coarse:size-6"
        aria-label={`Seleccionar el resultado de ${name}`}
        checked={selected}
        onChange={(e) => onSelect(e.target.checked)}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3 lg:flex-row lg:items-start lg:justify-between lg:gap-6">
        <div className="min-w-0 space-y-1.5">
          <p className="font-semibold break-words text-slate-900 dark:text-slate-100">{name}</p>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 tabular-nums dark:text-slate-400">
            <span className="font-semibold text-slate-900 dark:text-slate-100">{formatScore(attempt.score, scoring)}</span>
            <span className="whitespace-nowrap">
              {attempt.correctAnswers}/{attempt.totalQuestions} correctas
            </span>
            <Fact icon={<Clock className={FACT_ICON} aria-hidden />}>Tiempo {formatDuration(attempt.completionTime)}</Fact>
            {attempt.location && (
              <Fact icon={<MapPin className={FACT_ICON} aria-hidden />} label="Sede">
                {attempt.location.name}
              </Fact>
            )}
            <Fact icon={<DeviceIcon attempt={attempt} />} label="Dispositivo">
              {heldDeviceLabel(attempt.device)}
            </Fact>
            <PlayedAt attempt={attempt} />
          </p>
          <div className="max-w-prose rounded-lg bg-amber-50 px-2.5 py-1.5 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset dark:bg-amber-400/10 dark:text-amber-100 dark:ring-amber-400/25">
            <p className="flex items-start gap-1.5 font-medium">
              <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span>Motivo: {REVIEW_REASON_LABELS[attempt.reason]}</span>
            </p>
            {showHelp && <p className="mt-0.5 pl-5 text-xs leading-relaxed text-amber-900 dark:text-amber-200/90">{REVIEW_REASON_HELP[attempt.reason]}</p>}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            size="sm"
            className="max-sm:h-10 max-sm:flex-1"
            icon={<Check className="size-4" aria-hidden />}
            aria-label={`Aprobar el resultado de ${name}`}
            data-approve={attempt.id}
            disabled={busy}
            pending={approving}
            onClick={onApprove}
          >
            Aprobar
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="text-red-700! max-sm:h-10 max-sm:flex-1 dark:text-red-300!"
            icon={<Trash2 className="size-4" aria-hidden />}
            aria-label={`Descartar el resultado de ${name}`}
            disabled={busy}
            onClick={onDiscard}
          >
            Descartar
          </Button>
        </div>
      </div>
    </li>
  );
}
