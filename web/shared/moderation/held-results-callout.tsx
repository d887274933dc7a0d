import { ChevronRight, ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { useHeldTrivias } from './api/get-held-trivias';
import { adminRankingPath, inReviewText } from './results-link';

/**
 * "Resultados en revisión": the trivias whose results wait for an organiser's decision (out of the
 * ranking and the draws until then), most first, with how many, each a link to its admin ranking;
 * every trivia (the dashboard) or those of `only` (a campaign's). Shown only while some wait.
 */
export function HeldResultsCallout({ only }: { only?: readonly number[] }) {
  const held = useHeldTrivias();
  const trivias = only ? held.trivias.filter((trivia) => only.includes(trivia.questionGroupId)) : held.trivias;
  if (trivias.length === 0) return null;
  const total = trivias.reduce((n, trivia) => n + trivia.count, 0);
  return (
    <section aria-labelledby="held-callout-title">
      <Card className="border-amber-300! p-4 min-[400px]:p-5 dark:border-amber-700!">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-800 max-[300px]:hidden dark:bg-amber-900/50 dark:text-amber-200">
            <ClipboardCheck className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="held-callout-title" className="text-lg font-semibold">
              Resultados en revisión
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {total === 1 ? 'Un resultado espera' : `${total} resultados esperan`} tu decisión: no cuenta{total === 1 ? '' : 'n'} en el ranking ni en los
              sorteos hasta que lo{total === 1 ? '' : 's'} apruebes.
            </p>
          </div>
        </div>
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {trivias.map((trivia) => (
            <li key={trivia.questionGroupId}>
              <Link
                to={adminRankingPath({ kind: 'trivia', id: trivia.questionGroupId })}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 hover:bg-slate-50 focus-visible:outline-offset-0 dark:hover:bg-slate-800/60"
              >
                <span className="min-w-0 flex-1 basis-40">
                  <span className="block font-medium break-words">{trivia.name}</span>
                  <span className="block text-xs break-words text-slate-600 dark:text-slate-400">{trivia.company.name}</span>
                </span>
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
                  {inReviewText(trivia.count)}
                </span>
                <ChevronRight className="size-4 shrink-0 text-slate-400 max-[300px]:hidden" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
