import { z } from 'zod';
import { DATE_RANGE_MESSAGE, dateInRange, idParam, optionalIdQuery, paginationQuery } from './common';

/** An optional day (YYYY-MM-DD, in the event's time zone) or instant, inside DATE_RANGE; empty counts as absent. */
export const optionalDate = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })])
    .refine(dateInRange, DATE_RANGE_MESSAGE)
    .optional(),
);
const booleanQuery = z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean());

export const triviaRankingQuery = paginationQuery.extend({
  questionGroupId: idParam,
  locationId: optionalIdQuery,
  dateFrom: optionalDate,
  dateTo: optionalDate,
  includeDuplicates: booleanQuery.default(false),
});
export type TriviaRankingQuery = z.infer<typeof triviaRankingQuery>;

export const campaignRankingQuery = paginationQuery.extend({
  locationId: optionalIdQuery,
  /** Extension: rank by this trivia of the campaign alone (its selected score, then its time). */
  questionGroupId: optionalIdQuery,
  dateFrom: optionalDate,
  dateTo: optionalDate,
});
export type CampaignRankingQuery = z.infer<typeof campaignRankingQuery>;

/**
 * How the rankings order equal results, as their screens say it beside them: a trivia by score, then
 * time in whole seconds, then the most recent result; a campaign by total, then average time, then
 * the player registered first (the server's statements take them from api/standings/order-by.ts).
 */
export const TIE_RULES = {
  trivia: 'A igual puntaje, queda antes el menor tiempo; a igual tiempo, el resultado más reciente.',
  campaign: 'A igual total, queda antes el menor tiempo promedio; a igual tiempo, quien se registró primero.',
} as const;

export interface TriviaRankingEntry {
  id: number;
  position: number;
  playerId: number;
  firstName: string;
  lastName: string;
  location: { name: string } | null;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  completionTime: number;
  completedAt: string;
  /** Played with "Necesito más tiempo" (contract/question-clock.ts): told to the company's own readers only. */
  extraTime?: true;
}

export interface CampaignRankingEntry {
  position: number;
  playerId: number;
  firstName: string;
  lastName: string;
  location: { name: string } | null;
  totalScore: number;
  totalCorrectAnswers: number;
  averageCompletionTime: number | null;
  bestScores: Record<string, number>;
  attemptsCount: Record<string, number>;
}
