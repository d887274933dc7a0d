import type { ReactNode } from 'react';
import type { CampaignRankingEntry } from '../../../../contract';
import { formatDuration } from '../../../lib/format';
import { RankingRow } from '../../../shared/ranking/ranking-row';
import { formatNumber, formatPoints } from '../../../lib/format';
import { TieRule } from '../../../shared/ranking/tie-rule';

/**
 * The figures' columns: from sm one per figure; narrower, as many as fit at 3.75rem each, as the
 * trivia ranking lays them, so no figure runs into the next.
 */
const STATS_GRID = {
  2: 'grid-cols-[repeat(auto-fit,minmax(3.75rem,1fr))] sm:grid-cols-2',
  3: 'grid-cols-[repeat(auto-fit,minmax(3.75rem,1fr))] sm:grid-cols-3',
};

const fullName = (entry: CampaignRankingEntry) => `${entry.firstName} ${entry.lastName}`;

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
    <>
      <ol className="space-y-2" aria-label="Ranking General">
        {entries.map((entry) => (
          <RankingRow
            key={entry.playerId}
            testId="campaign-ranking-row"
            position={entry.position}
            positionColumn="badge"
            place={
              <span
                className={`flex size-9 items-center justify-center rounded-full text-sm font-bold tabular-nums ${entry.position <= 3 ? 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'}`}
                data-testid="ranking-position"
              >
                {entry.position}
              </span>
            }
            name={fullName(entry)}
            site={entry.location?.name ?? 'Sin sede'}
            stats={[
              { value: formatNumber(entry.totalScore), label: 'puntos', testId: 'ranking-points' },
              ...(showCorrectAnswers ? [{ value: String(entry.totalCorrectAnswers), label: 'correctas', testId: 'ranking-correct' }] : []),
              { value: formatDuration(entry.averageCompletionTime), label: 'tiempo prom.', testId: 'ranking-time' },
            ]}
            statsClassName={STATS_GRID[showCorrectAnswers ? 3 : 2]}
            action={rowAction?.(entry)}
          />
        ))}
      </ol>
      <TieRule kind="campaign" />
    </>
  );
}

export const campaignPodiumEntries = (entries: CampaignRankingEntry[]) =>
  entries.slice(0, 3).map((entry) => ({
    key: entry.playerId,
    name: fullName(entry),
    location: entry.location?.name ?? 'Sin sede',
    result: formatPoints(entry.totalScore),
  }));
