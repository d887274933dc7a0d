import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Question } from '../../../../contract';
import { api } from '../../../lib/api';

export const getQuestions = (groupId: number) => api.get<Question[]>(`/api/question-groups/${groupId}/questions`);

/** Under the trivia's key, so invalidating ['question-groups', id] refreshes its questions too. */
export const questionsQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: ['question-groups', groupId, 'questions'], queryFn: () => getQuestions(groupId) });

export const useQuestions = (groupId: number, enabled = true) => useQuery({ ...questionsQueryOptions(groupId), enabled });
