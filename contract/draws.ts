import type { Scoring } from './points';
import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateInRange, idParam } from './common';

/** The most prizes one draw gives. */
export const MAX_DRAW_PRIZES = 100;

const date = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Fecha no válida (AAAA-MM-DD)' }).refine(dateInRange, DATE_RANGE_MESSAGE);

/**
 * Who may win a draw. Entries are the ranking's own counted attempts (what ranks is what enters):
 * of the trivia, or of the campaign's trivias inside the campaign's period; `minScore` compares an
 * attempt's score; `locationId` the site where it was played; `dateFrom` / `dateTo` its completion
 * (a plain date is a whole day). `onePerPlayer` (the default) makes each player one entry; without
 * it every counted attempt is an entry. `excludePastWinners` leaves out the players who won an
 * earlier draw of the same trivia or campaign.
 */
export const drawFiltersSchema = z
  .object({
    minScore: z.number({ error: 'La puntuación mínima debe ser un número' }).int('La puntuación mínima debe ser un entero').min(0).max(1_000_000).nullish(),
    locationId: idParam.nullish(),
    dateFrom: date.nullish(),
    dateTo: date.nullish(),
    onePerPlayer: z.boolean().default(true),
    excludePastWinners: z.boolean().default(false),
  })
  .strict()
  .refine((f) => !f.dateFrom || !f.dateTo || f.dateFrom.slice(0, 10) <= f.dateTo.slice(0, 10), {
    message: 'La fecha inicial es posterior a la final',
    path: ['dateTo'],
  })
  .transform((f) => ({
    minScore: f.minScore ?? null,
    locationId: f.locationId ?? null,
    dateFrom: f.dateFrom ?? null,
    dateTo: f.dateTo ?? null,
    onePerPlayer: f.onePerPlayer,
    excludePastWinners: f.excludePastWinners,
  }));
export type DrawFilters = z.output<typeof drawFiltersSchema>;

/**
 * POST body of a draw: who draws (a trivia or a campaign, by the path), the filters and how many
 * prizes. Never a seed: the server draws it from its cryptographic random source, so nobody can
 * pick one that makes a chosen player win. A body that carries `seed` is refused with 400
 * `draw_seed_not_accepted` (DRAW_SEED_REFUSAL); a recorded draw is re-run by "Verificar".
 */
export const drawRequestSchema = z
  .object({
    prizes: z.number({ error: 'Indica cuántos premios' }).int('Los premios son un número entero').min(1, 'Al menos un premio').max(MAX_DRAW_PRIZES, `Máximo ${MAX_DRAW_PRIZES} premios`),
    filters: drawFiltersSchema.prefault({}),
  })
  .strict();

/** Why a draw request with a seed is refused (400 `draw_seed_not_accepted`). */
export const DRAW_SEED_REFUSAL = 'La semilla de un sorteo la elige siempre el servidor al azar; no se puede indicar. Para comprobar un sorteo ya hecho, usa «Verificar».';
export type DrawRequest = z.input<typeof drawRequestSchema>;

/** One entry of a draw: a player and the attempt that made them eligible. */
export interface DrawEntry {
  playerId: number;
  attemptId: number;
}

/** An entry as the screens show it (a player erased since the draw has no name). */
export interface DrawEntryView extends DrawEntry {
  name: string | null;
  /** The attempt's score, in its trivia's unit (`scoring`). */
  score: number | null;
  scoring: Scoring | null;
}

export interface DrawRecord {
  id: number;
  questionGroupId: number | null;
  campaignId: number | null;
  filters: DrawFilters;
  prizes: number;
  seed: string;
  eligibleCount: number;
  winners: DrawEntryView[];
  createdAt: string;
  createdBy: string | null;
  /**
   * True when the server drew the seed from its random source (every draw since seeds can no
   * longer be given); false for a draw recorded before, whose seed may have been typed in.
   */
  seedFromServer: boolean;
  /**
   * SHA-256 (64 hex digits) of the eligible list: `playerId:attemptId` lines ordered by player id,
   * then attempt id, joined by newlines (computable from the CSV export).
   */
  entriesHash: string;
  /**
   * A repeat ("Repetido"): the id of the latest earlier draw of the same trivia or campaign with the
   * same prizes and either the same eligible entries (whatever the filters said) or the same
   * filters; null when no earlier draw is one.
   */
  repeatOf: number | null;
  /** The first such earlier draw ("el primero fue el #N"); null when this is not a repeat. */
  repeatOfFirst: number | null;
  /** What this draw shares with that first draw besides the prizes: the same entries, else the same filters (a list that changed since). */
  repeatMatch: DrawRepeatMatch | null;
}

export type DrawRepeatMatch = 'entries' | 'filters';

/** A draw re-run from its stored list and seed: the winners it gives now and whether they are the stored ones. */
export interface DrawVerification {
  id: number;
  seed: string;
  eligibleCount: number;
  winners: DrawEntryView[];
  matches: boolean;
}

/** The earlier draw a draw on a public screen repeats: the first of them, with its winners (public names). */
export interface ScreenDrawRepeat {
  drawId: number;
  drawnAt: string;
  winners: { name: string }[];
}

/** The big screen's "Ganadores del sorteo" panel: the latest draw, shown for a while after it ran. */
export interface BigScreenDrawWinners {
  drawId: number;
  drawnAt: string;
  winners: { name: string }[];
  /** A repeat ("Sorteo repetido: el primero fue…"): the first earlier draw it repeats; null otherwise. */
  repeatOf: ScreenDrawRepeat | null;
  /** How many draws of this trivia or campaign ran earlier the same day (the event's time zone). */
  earlierToday: number;
}

/** One draw of the day as a big screen lists it ("Sorteos de hoy"). */
export interface ScreenDrawHistoryItem {
  drawId: number;
  drawnAt: string;
  prizes: number;
  /** The first SCREEN_DRAW_HISTORY_WINNERS winners (public names); `moreWinners` says how many are left out. */
  winners: { name: string }[];
  moreWinners: number;
  /** The first earlier draw it repeats, or null. */
  repeatOf: { drawId: number; drawnAt: string } | null;
}

/** The day's draws on a big screen, newest first, when the organiser shows them; `total` counts them all. */
export interface ScreenDrawHistory {
  draws: ScreenDrawHistoryItem[];
  total: number;
}

/** How many of the day's draws a screen lists, and how many winners of each. */
export const SCREEN_DRAW_HISTORY_ROWS = 6;
export const SCREEN_DRAW_HISTORY_WINNERS = 5;

/**
 * GET/PUT …/draws/screen: whether the trivia's or campaign's public big screen lists every draw of
 * the day ("Sorteos de hoy", with their winners and repeat marks). Off unless the organiser turns it on.
 */
export const drawScreenSettingsSchema = z.object({ showHistory: z.boolean({ error: 'Indica si se muestra el historial (sí o no)' }) }).strict();
export type DrawScreenSettings = z.infer<typeof drawScreenSettingsSchema>;
