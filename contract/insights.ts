import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateInRange, optionalIdQuery } from './common';
import { IMPORT_FORMATS } from './question-import';
import type { PlacedPicture } from './picture-paths';
import type { Scoring } from './points';
import type { QuestionKind } from './question-kinds';

/**
 * The filters of an analysis: a site, a kiosk (its device id), a range of days in the event's time
 * zone (whole days: the analysis is kept per day; inside DATE_RANGE). Only counted results are read (as in the
 * rankings: held, discarded and disqualified ones left out).
 */
const day = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.iso.date({ message: 'Escribe la fecha como AAAA-MM-DD' }).refine(dateInRange, DATE_RANGE_MESSAGE).optional(),
);
const dayRange = z.object({ dateFrom: day, dateTo: day });
/** The range's end may not come before its start (compared as days). */
const datesInOrder: [(q: z.infer<typeof dayRange>) => boolean, { path: string[]; message: string }] = [
  (q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo,
  { path: ['dateTo'], message: 'La fecha final no puede ser anterior a la inicial' },
];

const analysisFilters = dayRange.extend({
  locationId: optionalIdQuery,
  deviceId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ message: 'El kiosco no es válido' }).optional()),
});
export const analysisQuery = analysisFilters.refine(...datesInOrder);
export type AnalysisQuery = z.infer<typeof analysisQuery>;

/**
 * GET /api/question-groups/{id}/analysis/export: the analysis under the same filters as a file,
 * XLSX (a sheet per view) or CSV (the questions and their answers), the filters written at the top.
 */
export const analysisExportQuery = analysisFilters
  .extend({ format: z.enum(IMPORT_FORMATS, { error: 'El formato debe ser csv o xlsx' }).default('xlsx') })
  .refine(...datesInOrder);
export type AnalysisExportQuery = z.infer<typeof analysisExportQuery>;

/**
 * What an analysis flags on a question, as the screen says it:
 * - `almost-none-correct`: "casi nadie la acierta";
 * - `all-correct`: "todos la aciertan";
 * - `distractor-beats-correct`: "una respuesta incorrecta atrae más que la correcta";
 * - `unchosen-answer`: "nadie elige esta respuesta" (one of its answers, marked on the answer);
 * - `low-discrimination`: "separa poco".
 */
export const QUESTION_FLAGS = ['almost-none-correct', 'all-correct', 'distractor-beats-correct', 'unchosen-answer', 'low-discrimination'] as const;
export type QuestionFlag = (typeof QUESTION_FLAGS)[number];

export const QUESTION_FLAG_LABELS: Record<QuestionFlag, string> = {
  'almost-none-correct': 'Casi nadie la acierta',
  'all-correct': 'Todos la aciertan',
  'distractor-beats-correct': 'Una respuesta incorrecta atrae más que la correcta',
  'unchosen-answer': 'Nadie elige una de sus respuestas',
  'low-discrimination': 'Separa poco',
};

export interface AnswerAnalysis {
  answerId: number;
  text: string;
  /** Its picture, shown as a thumbnail beside it; null when it has none. */
  picture: PlacedPicture | null;
  correct: boolean;
  /** Rounds that chose it. */
  chosen: number;
  /** Of the rounds that answered the question; null when none did. */
  share: number | null;
}

export interface QuestionAnalysis {
  questionId: number;
  text: string;
  /** Its kind today: on "Varias correctas" a round counts under every answer it marked, so the answers' shares may add up to more than 1. */
  kind: QuestionKind;
  /** Its picture, shown as a thumbnail where the question is; null when it has none. */
  picture: PlacedPicture | null;
  /** Counted rounds that showed it. */
  shown: number;
  /** Of those, the rounds that chose an answer (a round left before it, or whose clock ran out, did not). */
  answered: number;
  /** Of those, the rounds whose clock ran out on it ("Tiempo agotado"). */
  timedOut: number;
  correct: number;
  /** Facility: correct / shown; null when never shown. */
  facility: number | null;
  /**
   * Discrimination: the facility among the upper group (the best rounds by score) minus among the
   * lower group (the worst), of the rounds of each group that showed it; null with fewer than
   * `MIN_GROUP_SIZE` such rounds in either group.
   */
  discrimination: number | null;
  /** Median time from showing to answering, of the answers that carry their time (each kept to the tenth of a second), in milliseconds; null when none do. */
  medianAnswerMs: number | null;
  /** How many answers carry their time. */
  timedAnswers: number;
  answers: AnswerAnalysis[];
  flags: QuestionFlag[];
}

export interface TriviaAnalysis {
  questionGroupId: number;
  /** Counted rounds under the filters. */
  rounds: number;
  /**
   * Sizes of the upper and lower groups discrimination compares (27 % of the rounds each, by
   * score; the rounds tied on the score where a group ends each count in it by the share it takes).
   */
  groups: { upper: number; lower: number };
  questions: QuestionAnalysis[];
}

/** The filters of a trivia's activity: a range of days in the event's time zone. */
export const activityQuery = dayRange.refine(...datesInOrder);
export type ActivityQuery = z.infer<typeof activityQuery>;

/** A site's or a kiosk's counted rounds: how many, by how many players, and their scores. */
export interface ActivityFigures {
  players: number;
  rounds: number;
  averageScore: number | null;
  medianScore: number | null;
}

export interface SiteActivity extends ActivityFigures {
  /** Null for rounds played at no site. */
  locationId: number | null;
  name: string | null;
}

export interface KioskActivity extends ActivityFigures {
  /** Null for the one row of rounds played on phones and through the public link (no kiosk). */
  deviceId: string | null;
  /** The kiosk's name as staff set it up. */
  name: string | null;
}

/** What a site is called on the insights screens and in the export: its name, or "Sin sede" for rounds at no site. */
export const siteName = (name: string | null | undefined) => name ?? 'Sin sede';

/** What a row of kiosk figures is called on the screen and in the export. */
export const kioskActivityName = (kiosk: Pick<KioskActivity, 'deviceId' | 'name'>) =>
  kiosk.deviceId === null ? 'Teléfonos y enlace público' : (kiosk.name ?? 'Kiosco sin nombre');

/** A timeline counts hours, or days when its rounds span more than MOST_HOURLY_DAYS days (a column per hour would be a smear). */
export type TimelineUnit = 'hour' | 'day';
export const MOST_HOURLY_DAYS = 10;
/** The unit of a timeline whose rounds span `days` days of the event's clock (null: none). */
export const timelineUnit = (days: number | null): TimelineUnit => ((days ?? 0) > MOST_HOURLY_DAYS ? 'day' : 'hour');

/** Rounds completed in one hour (or day) of the event's clock, at one site. */
export interface TimelineSlot {
  /** The slot's start on the event's clock, `YYYY-MM-DDTHH:00` (a day's: `YYYY-MM-DDT00:00`). */
  start: string;
  locationId: number | null;
  /** The site's name; null for rounds at no site. */
  site: string | null;
  rounds: number;
}

/** When an event's booths were busy or silent: slots with rounds, in order; a slot missing between two is one with none. */
export interface Timeline {
  unit: TimelineUnit;
  slots: TimelineSlot[];
}

export interface TriviaActivity {
  questionGroupId: number;
  timeZone: string;
  sites: SiteActivity[];
  kiosks: KioskActivity[];
  timeline: Timeline;
}

/** Where one of a player's attempts stands, as their history says it. */
export const ATTEMPT_STANDINGS = ['counted', 'held', 'discarded', 'disqualified', 'unfinished'] as const;
export type AttemptStanding = (typeof ATTEMPT_STANDINGS)[number];
export const ATTEMPT_STANDING_LABELS: Record<AttemptStanding, string> = {
  counted: 'Cuenta en los rankings',
  held: 'En revisión',
  discarded: 'Descartado',
  disqualified: 'Descalificado',
  unfinished: 'Sin terminar',
};

/** One question of a round in a player's history: what they chose (null: none, the time ran out). */
export interface PlayerHistoryAnswer {
  questionId: number;
  /** Null when the question was deleted since. */
  question: string | null;
  /** The question's picture today, if it has one. */
  questionPicture: PlacedPicture | null;
  /** The chosen answer's text today; on a "Varias correctas" question every answer marked, joined by " · ". */
  answer: string | null;
  /** The chosen answer's picture today, if it has one (and it is the only answer marked). */
  answerPicture: PlacedPicture | null;
  /** By today's answer key. */
  correct: boolean;
  /** Its clock ran out before an answer was chosen ("Tiempo agotado"). */
  timedOut: boolean;
  elapsedMs: number | null;
}

export interface PlayerHistoryAttempt {
  id: number;
  /** `companyId`: the trivia's company, in whose time zone the attempt's times are shown; `scoring`: `score`'s unit. */
  trivia: { id: number; name: string; companyId: number; scoring: Scoring };
  /** The campaigns the trivia is part of. */
  campaigns: { id: number; name: string }[];
  startedAt: string;
  completedAt: string | null;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  completionTime: number | null;
  standing: AttemptStanding;
  /** Why it was held (the label staff read), also after an admin's decision. */
  reviewReason: string | null;
  site: string | null;
  /** The kiosk's name, when played on a kiosk set up by staff. */
  kiosk: string | null;
  /** The round's questions in the order shown, each with the answer chosen. */
  answers: PlayerHistoryAnswer[];
  /** The votes the round's start carried in its trivia's polls (contract/polls.ts), as the polls read today. */
  pollVotes: { question: string; answer: string }[];
}

/**
 * GET /api/players/{id}/history (admin): every attempt of one player across trivias and
 * campaigns, newest first. Erasure removes the same data: a deleted player is a 404, an
 * anonymised one keeps their attempts under "Jugador eliminado".
 */
export interface PlayerHistory {
  player: { id: number; fullName: string; documentNumber: string | null; site: string | null };
  attempts: PlayerHistoryAttempt[];
}

/** The filter of a campaign's analysis: a site (its standings as played there). */
export const campaignAnalysisQuery = z.object({ locationId: optionalIdQuery });
export type CampaignAnalysisQuery = z.infer<typeof campaignAnalysisQuery>;

/** How many bands a campaign's weighted totals are counted in. */
export const TOTAL_BANDS = 10;

/**
 * GET /api/campaigns/{id}/analysis (admin): the campaign as its ranking stands (the standings the
 * ranking reads): its players; per trivia, in the campaign's order, its weight, how many of them
 * have a counted result there and the mean of their selected scores; how many finished 1, 2, … n
 * of its trivias; and how many fall in each tenth of the highest possible weighted total.
 */
export interface CampaignAnalysis {
  campaignId: number;
  players: number;
  /** 100 × the sum of the weights. */
  maxTotal: number;
  trivias: { questionGroupId: number; name: string; weight: number; players: number; averageScore: number | null }[];
  completion: { trivias: number; players: number }[];
  /** `from` ≤ total < `to` (the last band includes `maxTotal`). */
  totals: { from: number; to: number; players: number }[];
  /** The zone of the event's clock the timeline reads. */
  timeZone: string;
  /** Counted rounds of the campaign's trivias in its period, per hour (or day) and site where they were played (at the filter's site only). */
  timeline: Timeline;
}
