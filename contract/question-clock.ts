import { FEEDBACK_MS } from './play-rules';

/**
 * A clock per question (docs/decisions.md, "A clock per question"): the rules the player screen and
 * the server both apply, written once. Free of zod, so the player build imports it.
 * - A trivia may give every question a clock of CLOCK_SECONDS_MIN to CLOCK_SECONDS_MAX seconds
 *   (`questionSeconds`; null, the default: no clock).
 * - "Necesito más tiempo", chosen before the round starts, multiplies every clock of that round by
 *   EXTRA_TIME_FACTOR (WCAG 2.2.1, timing adjustable).
 * - A question whose clock runs out is answered "Tiempo agotado": `answerId` null, scored as wrong.
 */
export const CLOCK_SECONDS_MIN = 5;
export const CLOCK_SECONDS_MAX = 120;

/** The clocks an organiser picks from in the editor (the API takes any whole second in the range). */
export const CLOCK_SECONDS_CHOICES = [5, 10, 15, 20, 30, 45, 60, 90, 120] as const;

/** How much longer every clock of a round runs with "Necesito más tiempo". */
export const EXTRA_TIME_FACTOR = 2;

/**
 * How long past a clock the server still takes an answer it times itself (a round it dealt): the
 * answer's trip to the server and the verdict's trip back, over a fair's Wi-Fi.
 */
export const CLOCK_GRACE_MS = 3_000;

/** What the company's own ranking says beside a result played with "Necesito más tiempo". */
export const EXTRA_TIME_NOTE = 'Con más tiempo';

/** What the player screen and the result say of an answer whose clock ran out. */
export const TIMED_OUT_LABEL = 'Tiempo agotado';

/** The seconds a question's clock runs: its own, else the trivia's; null: untimed. */
export const questionClockSeconds = (question: { clockSeconds?: number | null | undefined } | undefined, triviaSeconds: number | null | undefined): number | null =>
  question?.clockSeconds ?? triviaSeconds ?? null;

/** A question's clock in this round, in milliseconds; null when it has none. */
export const clockMs = (questionSeconds: number | null | undefined, extraTime: boolean | undefined): number | null =>
  questionSeconds ? questionSeconds * 1000 * (extraTime ? EXTRA_TIME_FACTOR : 1) : null;

/**
 * The longest a round whose every question has a clock (`clocks`, ms, one per question) can have
 * taken, in whole seconds: each clock, its feedback and the server's grace; null when a question
 * has none (only the day's ceiling applies). A longer round was not played on the player screen:
 * it is held for review.
 */
export function longestTimedRoundSeconds(clocks: readonly (number | null)[]): number | null {
  if (clocks.length === 0 || clocks.some((clock) => clock === null)) return null;
  return Math.ceil(clocks.reduce<number>((sum, clock) => sum + clock! + FEEDBACK_MS + CLOCK_GRACE_MS, 0) / 1000);
}

/** What the live region says as the clock runs down: at half of it (when that is 10 s or more) and at 5 s. */
export function clockAnnouncement(leftSeconds: number, clockSeconds: number): string | null {
  const half = Math.floor(clockSeconds / 2);
  if (leftSeconds === 5 || (leftSeconds === half && half >= 10)) return `Quedan ${leftSeconds} segundos`;
  return null;
}

/** What the rules say of the trivia's clocks, with or without more time; null when no question has one. */
export function clockRule(clocks: (number | null)[], extraTime: boolean): string | null {
  const timed = clocks.flatMap((seconds) => (seconds === null ? [] : [seconds * (extraTime ? EXTRA_TIME_FACTOR : 1)]));
  if (timed.length === 0) return null;
  const [least, most] = [Math.min(...timed), Math.max(...timed)];
  const range = least === most ? `${least} segundos` : `de ${least} a ${most} segundos`;
  if (timed.length < clocks.length) return `Algunas preguntas tienen tiempo límite: ${range}.`;
  return least === most ? `Tienes ${least} segundos para cada pregunta.` : `Cada pregunta tiene su tiempo: ${range}.`;
}
