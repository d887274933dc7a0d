import type { ReactNode } from 'react';
import type { CampaignRankingEntry } from '../../../../contract';
import { formatDuration } from '../../../lib/format';
import { rowDelay } from '../../../shared/ranking/row-delay';
import { formatPoints } from '../format-points';

const fullName = (entry: CampaignRankingEntry) => `${entry.firstName} ${entry.lastName}`;

function Stat({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <p>
      <span className="block text-lg font-semibold" data-testid={testId}>
        {value}
      </span>
      <span className="text-xs text-slate-500 dark:text-slate-400">{label}</span>
    </p>
  );
}

/**
 * 'Ranking General': position, player, site, total points, (public) correct answers, average time;
 * the admin screen gives each row an action (`rowAction`, 'Descalificar').
 */
export function CampaignRankingList({
  entries,
  showCorrectAnswers = false,
  rowAction,
}: {
  entries: CampaignRankingEntry[];
  showCorrectAnswers?: boolean;
  rowAction?: (entry: CampaignRankingEntry) => ReactNode;
}) {
  return (
    <ol className="space-y-2" aria-label="Ranking General">
      {entries.map((entry) => (
        <li
          key={entry.playerId}
          data-testid="campaign-ranking-row"
          className={`ranking-row grid grid-cols-[2.5rem_1fr] items-center gap-x-3 gap-y-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm ${rowAction ? 'sm:grid-cols-[2.5rem_1fr_auto_auto]' : 'sm:grid-cols-[2.5rem_1fr_auto]'} sm:gap-x-4 sm:p-4 dark:border-slate-800 dark:bg-slate-900`}
          style={{ animationDelay: rowDelay(entry.position) }}
        >
          <span
            className={`flex size-9 items-center justify-center rounded-full text-sm font-bold tabular-nums ${entry.position <= 3 ? 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'}`}
            data-testid="ranking-position"
          >
            {entry.position}
          </span>
          <div className="min-w-0">
            <p className="font-semibold break-words" data-testid="ranking-name">
              {fullName(entry)}
            </p>
            <p className="text-sm break-words text-slate-600 dark:text-slate-400">{entry.location?.name ?? 'Sin sede'}</p>
          </div>
          <div className={`col-start-2 grid gap-3 text-sm tabular-nums sm:col-start-auto sm:gap-6 sm:text-right ${showCorrectAnswers ? 'grid-cols-3' : 'grid-cols-2'}`}>
            <p>
              <span className="block text-lg font-bold text-brand-700 dark:text-brand-200" data-testid="ranking-points">
                {formatPoints(entry.totalScore)}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">puntos</span>
            </p>
            {showCorrectAnswers && <Stat value={String(entry.totalCorrectAnswers)} label="correctas" testId="ranking-correct" />}
            <Stat value={formatDuration(entry.averageCompletionTime)} label="tiempo prom." testId="ranking-time" />
          </div>
          {rowAction && <div className="col-start-2 sm:col-start-auto">{rowAction(entry)}</div>}
        </li>
      ))}
    </ol>
  );
}

export const campaignPodiumEntries = (entries: CampaignRankingEntry[]) =>
  entries.slice(0, 3).map((entry) => ({
    key: entry.playerId,
    name: fullName(entry),
    location: entry.location?.name ?? 'Sin sede',
    result: `${formatPoints(entry.totalScore)} pts`,
  }));
