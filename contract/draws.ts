import { z } from 'zod';
import { idParam } from './common';

/** The most prizes one draw gives. */
export const MAX_DRAW_PRIZES = 100;

const date = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Fecha no válida (AAAA-MM-DD)' });

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

/** A seed: 32 bytes as 64 hex digits. */
export const drawSeedSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, 'La semilla son 64 dígitos hexadecimales')
  .transform((s) => s.toLowerCase());

/** POST body of a draw: who draws (a trivia or a campaign, by the path), the filters, how many prizes, and optionally the seed to reuse. */
export const drawRequestSchema = z
  .object({
    prizes: z.number({ error: 'Indica cuántos premios' }).int('Los premios son un número entero').min(1, 'Al menos un premio').max(MAX_DRAW_PRIZES, `Máximo ${MAX_DRAW_PRIZES} premios`),
    filters: drawFiltersSchema.prefault({}),
    seed: drawSeedSchema.optional(),
  })
  .strict();
export type DrawRequest = z.input<typeof drawRequestSchema>;

/** One entry of a draw: a player and the attempt that made them eligible. */
export interface DrawEntry {
  playerId: number;
  attemptId: number;
}

/** An entry as the screens show it (a player erased since the draw has no name). */
export interface DrawEntryView extends DrawEntry {
  name: string | null;
  score: number | null;
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
}

/** A draw re-run from its stored list and seed: the winners it gives now and whether they are the stored ones. */
export interface DrawVerification {
  id: number;
  seed: string;
  eligibleCount: number;
  winners: DrawEntryView[];
  matches: boolean;
}

/** The big screen's "Ganadores del sorteo" panel: the latest draw, shown for a while after it ran. */
export interface BigScreenDrawWinners {
  drawId: number;
  drawnAt: string;
  winners: { name: string }[];
}
