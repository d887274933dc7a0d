import type { TriviaRankingEntry } from '../../../../contract';
import { getRankingPage, useRankingPages } from '../../../shared/ranking/api/ranking-pages';

export interface RankingFilters {
  locationId?: number;
  /** yyyy-MM-dd, whole days */
  dateFrom?: string;
  dateTo?: string;
  includeDuplicates: boolean;
}

function triviaRankingQuery(questionGroupId: number, filters: RankingFilters): URLSearchParams {
  const query = new URLSearchParams({ questionGroupId: String(questionGroupId) });
  if (filters.locationId) query.set('locationId', String(filters.locationId));
  if (filters.dateFrom) query.set('dateFrom', filters.dateFrom);
  if (filters.dateTo) query.set('dateTo', filters.dateTo);
  if (filters.includeDuplicates) query.set('includeDuplicates', 'true');
  return query;
}

/** GET /api/ranking, one page: each player's best attempt, or every attempt with includeDuplicates. */
export const getTriviaRankingPage = (questionGroupId: number, filters: RankingFilters, offset: number) =>
  getRankingPage<TriviaRankingEntry>('/api/ranking', triviaRankingQuery(questionGroupId, filters), offset);

/** The trivia ranking page by page ('Cargar más'), positions absolute. */
export const useTriviaRanking = (questionGroupId: number, filters: RankingFilters) =>
  useRankingPages({
    queryKey: ['ranking', questionGroupId, filters],
    read: (offset) => getTriviaRankingPage(questionGroupId, filters, offset),
    key: (entry) => entry.id,
  });
