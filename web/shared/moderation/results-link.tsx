import { ClipboardCheck } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link';
import type { ButtonSize, ButtonVariant } from '../../components/ui/button';

/** The admin ranking of a trivia (held results, "Descalificar", draws) or of a campaign. */
export type RankingSubject = { kind: 'trivia'; id: number } | { kind: 'campaign'; id: number };

/** Where a trivia's or a campaign's admin ranking lives: the one address every link to it uses. */
export const adminRankingPath = (subject: RankingSubject) =>
  subject.kind === 'trivia' ? `/ranking-admin?id=${subject.id}` : `/campaigns/${subject.id}/ranking`;

/** "N en revisión": how many results wait for an organiser's decision. */
export const inReviewText = (count: number) => `${count} en revisión`;

/**
 * "Resultados": the one way from any screen about a trivia or a campaign to its admin ranking,
 * with, for a trivia whose results wait for review, their count beside the label (amber, so it is
 * seen before it is read). The public ranking is "Ver Ranking"; this is the organiser's.
 */
export function ResultsLink({
  subject,
  inReview = 0,
  variant = 'secondary',
  size,
  className = '',
}: {
  subject: RankingSubject;
  inReview?: number;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <ButtonLink
      to={adminRankingPath(subject)}
      variant={variant}
      size={size}
      // Under 300 px (a phone at 200 % zoom) "Resultados" and its count may take two lines rather than spill out.
      className={`max-w-full max-[300px]:h-auto max-[300px]:min-h-8 max-[300px]:flex-wrap max-[300px]:py-1.5 ${className}`}
      icon={<ClipboardCheck className="size-4 shrink-0" aria-hidden />}
    >
      Resultados
      {inReview > 0 && (
        <>
          <span className="sr-only">, </span>
          <span
            data-testid="in-review-count"
            className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
          >
            {inReviewText(inReview)}
          </span>
        </>
      )}
    </ButtonLink>
  );
}
