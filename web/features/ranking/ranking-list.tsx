import { Award, Medal, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TriviaRankingEntry } from '../../../contract';
import { formatDuration } from '../../lib/format';
import { rowDelay } from '../../shared/ranking/row-delay';

const MEDALS = [
  { icon: Trophy, className: 'text-amber-500', label: 'Primer lugar' },
  { icon: Medal, className: 'text-slate-400', label: 'Segundo lugar' },
  { icon: Award, className: 'text-orange-400', label: 'Tercer lugar' },
];

function Position({ position }: { position: number }) {
  const medal = MEDALS[position - 1];
  if (!medal) return <span className="text-sm font-bold text-slate-500 tabular-nums dark:text-slate-400">{position}</span>;
  const Icon = medal.icon;
  return <Icon className={`size-6 ${medal.className}`} role="img" aria-label={`${medal.label} (${position})`} />;
}

/**
 * Ranked rows; each animates in 0.05 s after the one above it (counted within its page). An admin
 * screen may give each row an action (`action`, 'Descalificar').
 */
export function RankingList({ entries, action }: { entries: TriviaRankingEntry[]; action?: (entry: TriviaRankingEntry) => ReactNode }) {
  return (
    <ol className="space-y-2" aria-label="Ranking">
      {entries.map((entry) => (
        <li
          key={entry.id}
          data-testid="ranking-row"
          className={`ranking-row grid grid-cols-[2rem_1fr] items-center gap-x-3 gap-y-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm ${action ? 'sm:grid-cols-[2rem_1fr_auto_auto]' : 'sm:grid-cols-[2rem_1fr_auto]'} sm:gap-x-4 sm:p-4 dark:border-slate-800 dark:bg-slate-900`}
          style={{ animationDelay: rowDelay(entry.position) }}
        >
          <span className="flex justify-center">
            <Position position={entry.position} />
          </span>
          <div className="min-w-0">
            <p className="font-semibold break-words" data-testid="ranking-name">
              {entry.firstName} {entry.lastName}
            </p>
            <p className="text-sm break-words text-slate-600 dark:text-slate-400">{entry.location?.name ?? 'Sin sede'}</p>
          </div>
          <div className="col-start-2 grid grid-cols-[repeat(auto-fit,minmax(3.75rem,1fr))] gap-3 sm:grid-cols-3 text-sm tabular-nums sm:col-start-auto sm:gap-6 sm:text-right">
            <p>
              <span className="block text-lg font-bold text-brand-700 dark:text-brand-200" data-testid="ranking-score">
                {entry.score}%
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">puntaje</span>
            </p>
            <p>
              <span className="block text-lg font-semibold" data-testid="ranking-correct">
                {entry.correctAnswers}/{entry.totalQuestions}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">correctas</span>
            </p>
            <p>
              <span className="block text-lg font-semibold" data-testid="ranking-time">
                {formatDuration(entry.completionTime)}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">tiempo</span>
            </p>
          </div>
          {action && <div className="col-start-2 sm:col-start-auto">{action(entry)}</div>}
        </li>
      ))}
    </ol>
  );
}
