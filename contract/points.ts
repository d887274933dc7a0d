/**
 * How a trivia scores a round (docs/decisions.md, "Points for speed"): the rules the player screen
 * and the server both apply, written once. Free of zod, so the player build imports it.
 * - `percent` ("Porcentaje de aciertos", every trivia before points): the rounded percentage of
 *   correct answers (`scoreOf`, contract/play-rules.ts).
 * - `points` ("Puntos"): each correct answer scores from MAX_ANSWER_POINTS (answered at once) down
 *   to half of it (answered as its clock runs out); a wrong or timed-out answer scores 0. A round
 *   scores the sum. Points need every question to have a clock (the trivia's).
 * A result's `score` is in its trivia's unit; a campaign counts a points round as the percentage
 * of the best round possible (`campaignPercent`).
 */
export const SCORINGS = ['percent', 'points'] as const;
export type Scoring = (typeof SCORINGS)[number];

/** How the trivia dialog and the exports name each scoring. */
export const SCORING_LABELS: Record<Scoring, string> = {
  percent: 'Porcentaje de aciertos',
  points: 'Puntos',
};

/** A trivia's scoring; a trivia of a bundle stored before points existed scores by percent. */
export const scoringOf = (group: { scoring?: Scoring | undefined }): Scoring => group.scoring ?? 'percent';

/** What a correct answer given at once scores; at the end of its clock it scores half. */
export const MAX_ANSWER_POINTS = 1000;

/**
 * What the server takes off the time it measured between showing a question and judging its
 * answer (a round it dealt): the answer's trip to it, over a fair's Wi-Fi.
 */
export const NETWORK_ALLOWANCE_MS = 1_000;

/**
 * An answer's points: 0 when wrong or timed out; when correct, MAX_ANSWER_POINTS less half of it
 * in proportion to the share of the clock (`clockMs`, doubled with more time) taken, `takenMs`
 * held within [0, clockMs]. The formula of Kahoot!'s published scoring, without its streak bonus.
 */
export function answerPoints(correct: boolean, takenMs: number, clockMs: number): number {
  if (!correct || clockMs <= 0) return 0;
  const share = Math.min(Math.max(takenMs, 0), clockMs) / clockMs;
  return Math.round(MAX_ANSWER_POINTS * (1 - share / 2));
}

/** The best score a round of `totalQuestions` can have in `scoring`. */
export const bestScore = (scoring: Scoring, totalQuestions: number): number => (scoring === 'points' ? MAX_ANSWER_POINTS * totalQuestions : 100);

/** A points round as a campaign counts it: the percentage of the best round possible. */
export const campaignPercent = (score: number, scoring: Scoring, totalQuestions: number): number =>
  scoring === 'points' ? (100 * score) / Math.max(1, bestScore('points', totalQuestions)) : score;

const NUMBERS = new Intl.NumberFormat('es', { maximumFractionDigits: 2 });

/** A score as every screen writes it, as Spanish writes numbers: "75%", "74,5%", "7450 pts", "12.450 pts". */
export const scoreText = (score: number, scoring: Scoring | undefined): string =>
  scoring === 'points' ? `${NUMBERS.format(score)} pts` : `${NUMBERS.format(score)}%`;
