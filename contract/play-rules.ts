/**
 * Rules the server and the player screen share that need no schema: this module imports nothing,
 * so the player build (web/player, web/offline) takes them without zod.
 */

/**
 * '1234567890' -> '*******890': what staff see of a document number in sync records, on the server
 * and on the kiosk, so records can be told apart without reading the document.
 */
export function maskDocumentNumber(value: string): string {
  const visible = value.length > 3 ? value.slice(-3) : '';
  return '*'.repeat(value.length - visible.length) + visible;
}

/** The longest plausible round: a synced completion past it is stored but held for review. */
export const MAX_COMPLETION_SECONDS = 24 * 60 * 60;

/** Score is the rounded percentage of correct answers over the questions shown. */
export function scoreOf(correctAnswers: number, totalQuestions: number): number {
  return totalQuestions > 0 ? Math.round((100 * correctAnswers) / totalQuestions) : 0;
}
