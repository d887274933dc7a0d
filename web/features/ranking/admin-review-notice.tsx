import { ShieldCheck } from 'lucide-react';
import { useHeldTrivias } from '../../shared/moderation/api/get-held-trivias';
import { ResultsLink } from '../../shared/moderation/results-link';
import { useCan } from '../../shared/auth/use-can';
import { useRankingTrivia } from './api/get-ranking-trivia';

/**
 * On the public ranking, for a signed-in user who works on the trivia's company: this is what the
 * public sees, and how many of the trivia's results wait in review (not shown here), with
 * "Resultados" to its admin ranking. The public never reads the held counts: the caller renders
 * this only for a signed-in user.
 */
export function AdminReviewNotice({ id }: { id: number }) {
  const held = useHeldTrivias();
  const trivia = useRankingTrivia(id);
  const { reaches } = useCan();
  if (!reaches(trivia.data?.companyId)) return null;
  const count = held.countOf(id);
  const waiting = count > 0;
  return (
    <aside
      aria-label="Aviso para administradores"
      className={`mb-6 flex flex-wrap items-center gap-3 rounded-2xl border p-3 text-sm min-[400px]:p-4 ${
        waiting ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50' : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
      }`}
    >
      <ShieldCheck className="size-5 shrink-0 max-[300px]:hidden" aria-hidden />
      <p className="min-w-0 flex-1 basis-48" data-testid="admin-review-notice">
        {waiting
          ? `${count === 1 ? 'Un resultado de esta trivia espera' : `${count} resultados de esta trivia esperan`} revisión y no ${count === 1 ? 'aparece' : 'aparecen'} en este ranking público.`
          : 'Ves el ranking público, como lo ve cualquiera. Lo administras en Resultados.'}
      </p>
      <ResultsLink subject={{ kind: 'trivia', id }} inReview={count} size="sm" />
    </aside>
  );
}
