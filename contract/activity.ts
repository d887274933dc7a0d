import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateInRange, optionalIdQuery } from './common';

/**
 * "Actividad": the record of every change made in the admin (docs/decisions.md, "Activity").
 * Each state-changing admin request writes one entry in the transaction of its change.
 */

/** The kinds of object an entry is about. */
export const ACTIVITY_KINDS = ['user', 'company', 'location', 'trivia', 'question', 'results', 'campaign', 'theme', 'review', 'ranking', 'player', 'draw'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  user: 'Usuario',
  company: 'Empresa',
  location: 'Sede',
  trivia: 'Trivia',
  question: 'Pregunta',
  results: 'Resultados',
  campaign: 'Campaña',
  theme: 'Tema',
  review: 'Revisión',
  ranking: 'Ranking',
  player: 'Jugador',
  draw: 'Sorteo',
};

/** What was done to the object. */
export const ACTIVITY_ACTIONS = [
  'created',
  'changed',
  'deleted',
  'invited',
  'disabled',
  'enabled',
  'link',
  'removed',
  'approved',
  'rejected',
  'disqualified',
  'restored',
  'merged',
  'erased',
  'run',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
export const ACTIVITY_ACTION_LABELS: Record<ActivityAction, string> = {
  created: 'Creó',
  changed: 'Cambió',
  deleted: 'Borró',
  invited: 'Invitó',
  disabled: 'Desactivó',
  enabled: 'Reactivó',
  link: 'Creó un enlace',
  removed: 'Eliminó',
  approved: 'Aprobó',
  rejected: 'Rechazó',
  disqualified: 'Descalificó',
  restored: 'Restituyó',
  merged: 'Unió',
  erased: 'Borró los datos',
  run: 'Realizó',
};

/** A field's value before and after a change (null: it had none); documents are masked ("••••5678"). */
export type ActivityChangeValue = string | number | boolean | null;
export type ActivityChanges = Record<string, [ActivityChangeValue, ActivityChangeValue]>;

export interface ActivityEntry {
  id: number;
  at: string;
  /** Who made the change; null when nobody signed in did (none today). */
  author: { id: number; name: string; username: string } | null;
  /** The client address of the request; null in an entry with personal data shown to a role without access to it. */
  address: string | null;
  /** Null for a change to the whole installation (users). */
  companyId: number | null;
  companyName: string | null;
  kind: ActivityKind;
  objectId: number | null;
  action: ActivityAction;
  /** One line in Spanish, never naming a player (their names and documents are in `changes`). */
  summary: string;
  /** Null when the change has none to show, or when the entry holds personal data the reader's role may not see (`redacted`). */
  changes: ActivityChanges | null;
  /** Whether the entry holds personal data (a player's name, document, history). */
  personal: boolean;
  /** Whether its personal data was left out for this reader. */
  redacted: boolean;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: string | null;
}

/** Someone who made changes the reader may see: the "Persona" filter's choices. */
export interface ActivityAuthor {
  id: number;
  name: string;
  username: string;
}

/** A page's cursor: the last entry's instant (milliseconds) and id. */
export const ACTIVITY_CURSOR_PATTERN = /^\d{1,15}_\d{1,10}$/;
export const ACTIVITY_PAGE_SIZE = 50;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const day = (label: string) =>
  z.preprocess(emptyAsUndefined, z.iso.date({ error: `${label}: fecha no válida (AAAA-MM-DD)` }).refine(dateInRange, DATE_RANGE_MESSAGE).optional());

/**
 * GET /api/activity and its export: who (`userId`), which company, which kind of object, and the
 * days `from`..`to` (both included, in the server's time zone: docs/decisions.md).
 */
export const activityFilterSchema = z
  .object({
    userId: optionalIdQuery,
    companyId: optionalIdQuery,
    kind: z.preprocess(emptyAsUndefined, z.enum(ACTIVITY_KINDS, { error: 'Tipo de objeto no válido' }).optional()),
    from: day('Desde'),
    to: day('Hasta'),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, { message: '«Desde» no puede ser posterior a «Hasta»', path: ['to'] });
export type ActivityFilter = z.output<typeof activityFilterSchema>;

export const activityPageQuerySchema = z.intersection(
  activityFilterSchema,
  z.object({
    cursor: z.preprocess(emptyAsUndefined, z.string().regex(ACTIVITY_CURSOR_PATTERN, 'Cursor no válido').optional()),
    limit: z.coerce.number().int().min(1).max(200).default(ACTIVITY_PAGE_SIZE),
  }),
);
export type ActivityPageQuery = z.output<typeof activityPageQuerySchema>;

/** How the screens and the export name a changed field; a field not listed shows as stored. */
export const ACTIVITY_FIELD_LABELS: Record<string, string> = {
  text: 'Texto',
  answers: 'Respuestas',
  answer: 'Respuesta',
  groupId: 'Trivia',
  kind: 'Tipo de pregunta',
  clockSeconds: 'Tiempo de la pregunta',
  pictureName: 'Imagen',
  pictureAlt: 'Texto alternativo de la imagen',
  name: 'Nombre',
  description: 'Descripción',
  instructions: 'Instrucciones',
  questionsPerRound: 'Preguntas por ronda',
  randomizeQuestions: 'Preguntas al azar',
  randomizeAnswers: 'Respuestas al azar',
  completionRedirectUrl: 'Enlace al terminar',
  maxAttempts: 'Intentos por jugador',
  publicNames: 'Nombres públicos',
  questionSeconds: 'Tiempo por pregunta',
  scoring: 'Puntuación',
  timeZone: 'Zona horaria',
  companyId: 'Empresa',
  startDate: 'Inicio',
  endDate: 'Fin',
  maxAttemptsPerTrivia: 'Intentos por trivia',
  attemptSelectionMode: 'Intento que cuenta',
  username: 'Usuario',
  results: 'Resultados',
  resultados: 'Resultados',
  estado: 'Estado',
  nombre: 'Nombre',
  nombres: 'Nombres',
  email: 'Correo',
  rol: 'Rol',
  documento: 'Documento',
  jugador: 'Jugador',
  jugadores: 'Jugadores',
  motivo: 'Motivo',
  trivias: 'Trivias',
  peso: 'Peso',
  premios: 'Premios',
  participantes: 'Participantes',
  questions: 'Preguntas',
  copiedFrom: 'Copia de la trivia',
};

export const activityFieldLabel = (field: string) => ACTIVITY_FIELD_LABELS[field] ?? field;
