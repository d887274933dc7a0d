import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TriviaRankingEntry } from '../../../../contract';
import { api } from '../../../lib/api';

export interface RankingFilters {
  locationId?: number;
  /** yyyy-MM-dd, whole days */
  dateFrom?: string;
  dateTo?: string;
  includeDuplicates: boolean;
}

/** GET /api/ranking: each player's best attempt, or every attempt with includeDuplicates. */
export function getTriviaRanking(questionGroupId: number, filters: RankingFilters) {
  const query = new URLSearchParams({ questionGroupId: String(questionGroupId) });
  if (filters.locationId) query.set('locationId', String(filters.locationId));
  if (filters.dateFrom) query.set('dateFrom', filters.dateFrom);
  if (filters.dateTo) query.set('dateTo', filters.dateTo);
  if (filters.includeDuplicates) query.set('includeDuplicates', 'true');
  return api.get<TriviaRankingEntry[]>(`/api/ranking?${query}`);
}

export const triviaRankingQueryOptions = (questionGroupId: number, filters: RankingFilters) =>
  queryOptions({
    queryKey: ['ranking', questionGroupId, filters],
    queryFn: () => getTriviaRanking(questionGroupId, filters),
    placeholderData: keepPreviousData,
  });

export const useTriviaRanking = (questionGroupId: number, filters: RankingFilters) =>
  useQuery(triviaRankingQueryOptions(questionGroupId, filters));
