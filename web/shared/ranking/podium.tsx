import { Crown, Medal } from 'lucide-react';

/** One place of the podium: who, where from, and the result as the ranking shows it. */
export interface PodiumEntry {
  key: string | number;
  name: string;
  location: string;
  result: string;
}

const PLACES = [
  { order: 'order-2', height: 'h-28', tone: 'bg-amber-400 text-amber-950', label: '1.er lugar' },
  { order: 'order-1', height: 'h-20', tone: 'bg-slate-300 text-slate-900', label: '2.º lugar' },
  { order: 'order-3', height: 'h-14', tone: 'bg-orange-300 text-orange-950', label: '3.er lugar' },
];

/**
 * The top three, second-first-third like a real podium (trivia and campaign rankings). Names and
 * sites wrap rather than being cut, so a long name is read whole wherever it fits.
 */
export function Podium({ entries }: { entries: PodiumEntry[] }) {
  const top = entries.slice(0, 3);
  if (top.length === 0) return null;
  return (
    <ol className="grid grid-cols-3 items-end gap-2" aria-label="Podio">
      {top.map((entry, i) => {
        const place = PLACES[i]!;
        return (
          <li key={entry.key} className={`${place.order} flex min-w-0 flex-col items-center text-center`}>
            {i === 0 ? <Crown className="mb-1 size-6 text-amber-500" aria-hidden /> : <Medal className="mb-1 size-5 text-slate-400" aria-hidden />}
            <p className="w-full text-sm font-semibold break-words hyphens-auto" data-testid="podium-name">
              {entry.name}
            </p>
            <p className="w-full text-xs break-words text-slate-600 dark:text-slate-400">{entry.location}</p>
            <p className="mt-1 text-sm font-bold tabular-nums">{entry.result}</p>
            <div className={`mt-2 flex w-full items-start justify-center rounded-t-xl pt-2 text-xl font-black ${place.height} ${place.tone}`}>
              <span aria-hidden>{i + 1}</span>
              <span className="sr-only">{place.label}</span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
