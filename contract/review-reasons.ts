/**
 * Why a result waits for an organiser instead of ranking, and how staff read each reason. Free of
 * zod, so the player build (the kiosk's staff panel, the result screen) reads the same labels as
 * the admin screens.
 */

/** Why an attempt waits for an admin instead of ranking. */
export const REVIEW_REASONS = [
  'over_limit',
  'round_mismatch',
  'implausible_time',
  'unproven_player',
  'unanchored_time',
  'overlapping_round',
  'too_many_players',
  'address_limit',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];
export const REVIEW_REASON_LABELS: Record<ReviewReason, string> = {
  over_limit: 'Llegó por encima del límite de intentos',
  round_mismatch: 'Se jugó con otro número de preguntas',
  implausible_time: 'Tiempo no plausible',
  unproven_player: 'Llegó sin el documento del jugador (versión anterior de la app)',
  unanchored_time: 'Horario que el servidor no puede confirmar',
  overlapping_round: 'Se jugó a la vez que otra ronda del mismo dispositivo',
  too_many_players: 'Demasiados jugadores distintos desde un mismo teléfono',
  address_limit: 'Demasiados jugadores nuevos desde una misma red',
};

/** A result whose trivia was deleted while its device was offline: its mutation kept unapplied (KEPT_UNAPPLIED, contract/sync.ts), counted in review. */
export const TRIVIA_DELETED_REASON = 'trivia_deleted';
const TRIVIA_DELETED_LABEL = 'La trivia se eliminó mientras el dispositivo estaba sin conexión';

/** The Spanish label of a held reason as a receipt or a sync reply names it (an unknown code reads as a plain "en revisión"). */
export function reviewReasonLabel(reason: string): string {
  if (reason === TRIVIA_DELETED_REASON) return TRIVIA_DELETED_LABEL;
  return (REVIEW_REASON_LABELS as Record<string, string>)[reason] ?? 'Pendiente de revisión';
}
