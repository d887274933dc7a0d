/**
 * Why a result waits for an organiser instead of ranking: each reason's code, its label, and what
 * an organiser does with it, the one place to find and change a reason. Free of zod, so the player
 * build (the kiosk's staff panel, the result screen) reads the same labels as the admin screens;
 * the help only the admin app shows stays out of the player's script, as nothing there reads it
 * (the build drops what no module imports).
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
  'implausible_speed',
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
  implausible_speed: 'Tiempos de respuesta que no cuadran con la ronda',
};

/**
 * What an organiser does with a held result of each reason: one or two sentences shown beside the
 * reason on "Resultados en revisión" (and above the list when it is filtered by that reason).
 */
export const REVIEW_REASON_HELP: Record<ReviewReason, string> = {
  over_limit:
    'El jugador ya había usado todos sus intentos cuando llegó este resultado (por ejemplo, jugó en dos kioscos sin conexión). Apruébalo solo si ese intento extra estaba permitido; si no, descártalo.',
  round_mismatch:
    'La ronda tuvo otro número de preguntas que el configurado, casi siempre un kiosco con la trivia desactualizada. Apruébalo si cambiaste la trivia hace poco; descártalo si la ronda parece recortada a propósito.',
  implausible_time:
    'Nadie lee y responde la ronda tan rápido, o el tiempo no cuadra con sus horas de inicio y fin. Descártalo salvo que el personal del stand confirme que la partida fue real.',
  unproven_player:
    'Llegó de un kiosco con una versión anterior de la app, sin el documento que prueba quién jugó. Apruébalo si el personal confirma que ese jugador estuvo en el stand, y actualiza el kiosco.',
  unanchored_time:
    'El dispositivo estuvo sin conexión más tiempo del permitido o su hora no coincide: confirma con el personal del stand que la ronda se jugó allí y ese día, y apruébalo; si nadie puede confirmarlo, descártalo.',
  overlapping_round:
    'El mismo dispositivo registró esta ronda mientras otra seguía en juego, algo imposible en una sola pantalla. Compárala con la otra ronda del dispositivo: aprueba la que el personal confirme y descarta la otra.',
  too_many_players:
    'Un mismo teléfono envió resultados de demasiados jugadores distintos, como si alguien jugara por otros. Apruébalos solo si ese teléfono se usó como kiosco del stand; si no, descártalos.',
  address_limit:
    'Llegaron desde una misma red más jugadores nuevos en una hora de los que admite un stand, como haría un programa que inventa jugadores. Si la red de la sede explica la afluencia, apruébalos; para no depender de ella, configura las tabletas del stand como kioscos.',
  implausible_speed:
    'La trivia se puntúa por rapidez y el kiosco dice que se respondió mucho más rápido de lo que duró la ronda, como si alguien hubiera alterado los tiempos. Descártalo salvo que el personal del stand confirme la partida; si lo apruebas, cuenta con los puntos que el kiosco declaró.',
};

/** A result whose trivia was deleted while its device was offline: its mutation kept unapplied (KEPT_UNAPPLIED, contract/sync.ts), counted in review. */
export const TRIVIA_DELETED_REASON = 'trivia_deleted';
const TRIVIA_DELETED_LABEL = 'La trivia se eliminó mientras el dispositivo estaba sin conexión';

/** The Spanish label of a held reason as a receipt or a sync reply names it (an unknown code reads as a plain "en revisión"). */
export function reviewReasonLabel(reason: string): string {
  if (reason === TRIVIA_DELETED_REASON) return TRIVIA_DELETED_LABEL;
  return (REVIEW_REASON_LABELS as Record<string, string>)[reason] ?? 'Pendiente de revisión';
}
