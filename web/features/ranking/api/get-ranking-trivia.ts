import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionGroup } from '../../../../contract';
import { api } from '../../../lib/api';

/** GET /api/question-groups/{id} (public player view): the ranking's title and company logo. */
export const getRankingTrivia = (id: number) => api.get<QuestionGroup>(`/api/question-groups/${id}`);

export const rankingTriviaQueryOptions = (id: number) => queryOptions({ queryKey: ['question-group', id], queryFn: () => getRankingTrivia(id) });

export const useRankingTrivia = (id: number, enabled = true) => useQuery({ ...rankingTriviaQueryOptions(id), enabled });
