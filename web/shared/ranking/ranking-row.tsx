import type { ReactNode } from 'react';
import { rowDelay } from './row-delay';

/** One figure of a ranking row: the value, its label under it, and the test id the specs read it by. */
export interface RankingStat {
  value: string;
  label: string;
  testId: string;
}

/**
 * The position's column: a medal icon or a number (trivia), or a numbered badge (campaign). On a
 * phone the name's column may shrink to nothing rather than widen the row (its text wraps).
 */
const GRID = {
  icon: { base: 'grid-cols-[2rem_minmax(0,1fr)]', plain: 'sm:grid-cols-[2rem_1fr_auto]', withAction: 'sm:grid-cols-[2rem_1fr_auto] xl:grid-cols-[2rem_1fr_auto_auto]' },
  badge: { base: 'grid-cols-[2.5rem_minmax(0,1fr)]', plain: 'sm:grid-cols-[2.5rem_1fr_auto]', withAction: 'sm:grid-cols-[2.5rem_1fr_auto] xl:grid-cols-[2.5rem_1fr_auto_auto]' },
};

/**
 * A ranked player's row, the shell every ranking list uses (trivia and campaign, admin and
 * public): the position, the name over the site, the figures (the first one highlighted) and, on
 * an admin screen, an action ('Descalificar'). It animates in after the row above it.
 */
export function RankingRow({
  testId,
  position,
  positionColumn,
  place,
  name,
  site,
  stats,
  statsClassName,
  action,
}: {
  testId: string;
  /** The row's place in the whole ranking (its entrance delay is counted within its page). */
  position: number;
  positionColumn: keyof typeof GRID;
  /** What the position column shows. */
  place: ReactNode;
  name: string;
  site: string;
  stats: RankingStat[];
  /** The figures' grid (how many columns, and how they wrap on a phone). */
  statsClassName: string;
  action?: ReactNode;
}) {
  const grid = GRID[positionColumn];
  return (
    <li
      data-testid={testId}
      className={`ranking-row grid ${grid.base} items-center gap-x-3 gap-y-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm ${action ? grid.withAction : grid.plain} sm:gap-x-4 sm:p-4 dark:border-slate-800 dark:bg-slate-900`}
      style={{ animationDelay: rowDelay(position) }}
    >
      {place}
      <div className="min-w-0">
        <p className="font-semibold break-words" data-testid="ranking-name">
          {name}
        </p>
        <p className="text-sm break-words text-slate-600 dark:text-slate-400">{site}</p>
      </div>
      <div className={`col-start-2 grid gap-3 text-sm tabular-nums sm:col-start-auto sm:gap-6 sm:text-right ${statsClassName}`}>
        {stats.map((stat, index) => (
          <p key={stat.testId}>
            <span className={`block text-lg whitespace-nowrap ${index === 0 ? 'font-bold text-brand-700 dark:text-brand-200' : 'font-semibold'}`} data-testid={stat.testId}>
              {stat.value}
            </span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{stat.label}</span>
          </p>
        ))}
      </div>
      {/* Under 300 px (a phone at 200 % zoom) the actions take the row's whole width: a button is wider than the name's column.
          Beside the figures only from xl: on a tablet they go under the name and figures, which keep their room. */}
      {action && <div className="col-span-2 min-[300px]:col-span-1 min-[300px]:col-start-2 sm:col-span-2 xl:col-span-1 xl:col-start-auto">{action}</div>}
    </li>
  );
}
