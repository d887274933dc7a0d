import { test } from './fixtures';
import {
  answersEditedOnceLoaded,
  companyLogo,
  companyWithTwoSites,
  questionsByHand,
  questionsWithAi,
  settingsKeptAndRenamed,
  startJourney,
  themePreviewedThenSaved,
  triviaWithSettings,
} from './support/journey-build';
import {
  companyWithTriviaKept,
  everythingDeleted,
  playerPlaysARound,
  playLinkCopied,
  questionDeleted,
  rankingShowsThePlayer,
  scoresCleared,
  scoresDownloaded,
} from './support/journey-results';

/**
 * The "Must show" journey, on data of its own (the seeded demo trivia, which other specs
 * play, is not touched): everything a new admin does to put a trivia in front of players, a player
 * playing it, and the admin getting the scores out, clearing them and removing it all again.
 */
test('a new admin builds a company, a trivia and its questions, a player plays it, and the admin exports, clears and removes it', async ({ page, context, baseURL }) => {
  // One long journey through every admin screen and the player screen; the machine is shared.
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const journey = await startJourney(page);

  // The admin builds it (support/journey-build.ts).
  await companyWithTwoSites(journey);
  await companyLogo(journey);
  await triviaWithSettings(journey);
  await questionsByHand(journey);
  await questionsWithAi(journey);
  await answersEditedOnceLoaded(journey);
  await themePreviewedThenSaved(journey);
  await settingsKeptAndRenamed(journey);

  // A player plays it; the admin gets the scores out and removes it all (support/journey-results.ts).
  const playLink = await playLinkCopied(journey, baseURL);
  await playerPlaysARound(journey, context, baseURL, playLink);
  await rankingShowsThePlayer(journey);
  await scoresDownloaded(journey);
  await scoresCleared(journey);
  await companyWithTriviaKept(journey);
  await questionDeleted(journey);
  await everythingDeleted(journey);
});
