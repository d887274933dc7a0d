import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionGroup, QuestionGroupInput } from '../../../../contract';
import { api } from '../../../lib/api';
import { questionGroupQueryOptions } from '../../../shared/questions/api/get-question-group';
import { companyGroupsKey } from '../../../shared/question-groups/api/get-company-groups';

export const createGroup = (input: QuestionGroupInput) => api.post<QuestionGroup>(`/api/companies/${input.companyId}/question-groups`, input);
export const updateGroup = (id: number, input: QuestionGroupInput) => api.patch<QuestionGroup>(`/api/question-groups/${id}`, input);

/**
 * Create (no id) or update a trivia. The company's list refreshes, and so does every view of the
 * one trivia: the questions page (header, theme dialog title) and the ranking's ['question-group', id].
 */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: QuestionGroupInput }) => (id ? updateGroup(id, input) : createGroup(input)),
    meta: { errorTitle: 'Error al guardar la trivia' },
    onSuccess: (group) =>
      Promise.all(
        [companyGroupsKey(group.companyId), questionGroupQueryOptions(group.id).queryKey, ['question-group', group.id], ['recent-question-groups']].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
