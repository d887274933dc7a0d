import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionGroup } from '../../../../contract';
import { api } from '../../../lib/api';

/** GET /api/question-groups/{id}: name, description and theme of one trivia. */
export const getQuestionGroup = (groupId: number) => api.get<QuestionGroup>(`/api/question-groups/${groupId}`);

export const questionGroupQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: ['question-groups', groupId], queryFn: () => getQuestionGroup(groupId) });

export const useQuestionGroup = (groupId: number, enabled = true) => useQuery({ ...questionGroupQueryOptions(groupId), enabled });
