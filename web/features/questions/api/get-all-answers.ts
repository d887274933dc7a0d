import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnswersByQuestion } from '../../../../contract';
import { api } from '../../../lib/api';

export const getAllAnswers = (groupId: number) => api.get<AnswersByQuestion>(`/api/questions/${groupId}/all-answers`);

export const allAnswersQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: ['question-groups', groupId, 'answers'], queryFn: () => getAllAnswers(groupId) });

export const useAllAnswers = (groupId: number, enabled = true) => useQuery({ ...allAnswersQueryOptions(groupId), enabled });
