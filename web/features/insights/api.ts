import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalysisQuery, TriviaAnalysis } from '../../../contract';
import { api } from '../../lib/api';

export const getTriviaAnalysis = (groupId: number, filters: AnalysisQuery) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, String(value));
  return api.get<TriviaAnalysis>(`/api/question-groups/${groupId}/analysis?${query}`);
};

/** Under the trivia's key, so a change to its questions or results refreshes it. */
export const useTriviaAnalysis = (groupId: number, filters: AnalysisQuery, enabled = true) =>
  useQuery({
    queryKey: ['question-groups', groupId, 'analysis', filters],
    queryFn: () => getTriviaAnalysis(groupId, filters),
    placeholderData: keepPreviousData,
    enabled,
  });
