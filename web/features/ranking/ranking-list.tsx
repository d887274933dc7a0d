import { Award, Medal, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { EXTRA_TIME_NOTE, type Scoring, type TriviaRankingEntry } from '../../../contract';
import { formatDuration, formatScore } from '../../lib/format';
import { RankingRow } from '../../shared/ranking/ranking-row';
import { TieRule } from '../../shared/ranking/tie-rule';

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
export function RankingList({
  entries,
  scoring,
  action,
}: {
  entries: TriviaRankingEntry[];
  /** The trivia's scoring: its scores are percentages or points. */
  scoring: Scoring | undefined;
  action?: (entry: TriviaRankingEntry) => ReactNode;
}) {
  return (
    <>
      <ol className="space-y-2" aria-label="Ranking">
        {entries.map((entry) => (
          <RankingRow
            key={entry.id}
            testId="ranking-row"
            position={entry.position}
            positionColumn="icon"
            place={
              <span className="flex justify-center">
                <Position position={entry.position} />
              </span>
            }
            name={`${entry.firstName} ${entry.lastName}`}
            site={`${entry.location?.name ?? 'Sin sede'}${entry.extraTime ? ` · ${EXTRA_TIME_NOTE}` : ''}`}
            stats={[
              { value: formatScore(entry.score, scoring), label: scoring === 'points' ? 'puntos' : 'puntaje', testId: 'ranking-score' },
              { value: `${entry.correctAnswers}/${entry.totalQuestions}`, label: 'correctas', testId: 'ranking-correct' },
              { value: formatDuration(entry.completionTime), label: 'tiempo', testId: 'ranking-time' },
            ]}
            statsClassName="grid-cols-[repeat(auto-fit,minmax(3.75rem,1fr))] sm:grid-cols-3"
            action={action?.(entry)}
          />
        ))}
      </ol>
      <TieRule kind="trivia" />
    </>
  );
}
