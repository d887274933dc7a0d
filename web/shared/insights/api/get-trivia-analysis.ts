import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalysisQuery, TriviaAnalysis } from '../../../../contract';
import { api } from '../../../lib/api';
import { searchOf } from '../../../lib/search-params';

export const getTriviaAnalysis = (groupId: number, filters: AnalysisQuery) =>
  api.get<TriviaAnalysis>(`/api/question-groups/${groupId}/analysis?${searchOf(filters)}`);

/**
 * A trivia's analysis under the filters (its screen, and each question's share right beside it in the editor). Under
 * the trivia's key, so a change to its questions or results refreshes it.
 */
export const useTriviaAnalysis = (groupId: number, filters: AnalysisQuery, enabled = true) =>
  useQuery({
    queryKey: ['question-groups', groupId, 'analysis', filters],
    queryFn: () => getTriviaAnalysis(groupId, filters),
    placeholderData: keepPreviousData,
    enabled,
  });
