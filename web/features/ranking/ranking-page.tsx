import { useParams } from 'react-router-dom';
import { useDocumentThemePreference } from '../../lib/theme-preference';
import { useUser } from '../../shared/auth/api/get-user';
import { AdminReviewNotice } from './admin-review-notice';
import { parseTriviaId } from '../../shared/ranking/trivia-id';
import { TriviaRanking } from './trivia-ranking';
import { InvalidTriviaId, PUBLIC_WAY_BACK } from './trivia-unavailable';

/**
 * /ranking/:id — public, outside the admin shell. A signed-in admin also sees how many of the
 * trivia's results wait in review, with the way to its admin ranking, and "Mostrar intentos duplicados".
 */
export function RankingPage() {
  useDocumentThemePreference();
  const id = parseTriviaId(useParams().id);
  const admin = Boolean(useUser().data);
  return (
    <main className="mx-auto min-h-dvh max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      {id !== null && admin && <AdminReviewNotice id={id} />}
      {id === null ? <InvalidTriviaId back={PUBLIC_WAY_BACK} heading={1} /> : <TriviaRanking id={id} back={PUBLIC_WAY_BACK} headingLevel={1} admin={admin} />}
    </main>
  );
}
