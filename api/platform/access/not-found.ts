import { AppError } from '../http/errors';

/**
 * What a 404 says of each kind of object a route touches, one owner for all of them: the route
 * that cannot find the object and the guard that keeps an object out of a user's reach
 * (./route-access.ts) answer the same, so an object beyond reach looks exactly like one that does
 * not exist.
 */
export const NOT_FOUND = {
  company: { message: 'Empresa no encontrada' },
  location: { message: 'Sede no encontrada' },
  group: { message: 'No se encontró la trivia.' },
  question: { message: 'No se encontró la pregunta.' },
  campaign: { message: 'Campaña no encontrada' },
  campaignLink: { message: 'La trivia no está en la campaña' },
  attempt: { message: 'No se encontró el intento' },
  disqualification: { message: 'No se encontró la descalificación' },
  nameChange: { message: 'No se encontró el cambio de nombre' },
  player: { message: 'No se encontró el jugador', code: 'player_not_found' },
  draw: { message: 'Sorteo no encontrado' },
} as const;
export type ObjectKind = keyof typeof NOT_FOUND;

/** The 404 of a missing object of a kind. */
export function missing(kind: ObjectKind): AppError {
  const { message, ...extra } = NOT_FOUND[kind] as { message: string; code?: 'player_not_found' };
  return new AppError(404, message, extra);
}

export const COMPANY_NOT_FOUND = NOT_FOUND.company.message;
export const GROUP_NOT_FOUND = NOT_FOUND.group.message;
