import { useParams } from 'react-router-dom';
import { useDocumentThemePreference } from '../../lib/theme-preference';
import { parseTriviaId } from '../../shared/ranking/trivia-id';
import { TriviaRanking } from './trivia-ranking';
import { InvalidTriviaId, PUBLIC_WAY_BACK } from './trivia-unavailable';

/** /ranking/:id — public, outside the admin shell. */
export function RankingPage() {
  useDocumentThemePreference();
  const id = parseTriviaId(useParams().id);
  return (
    <main className="mx-auto min-h-dvh max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      {id === null ? <InvalidTriviaId back={PUBLIC_WAY_BACK} heading={1} /> : <TriviaRanking id={id} back={PUBLIC_WAY_BACK} headingLevel={1} />}
    </main>
  );
}
