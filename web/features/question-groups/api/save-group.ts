import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionGroup, QuestionGroupInput } from '../../../../contract';
import { api } from '../../../lib/api';
import { companyGroupsKey } from './get-company-groups';

export const createGroup = (input: QuestionGroupInput) => api.post<QuestionGroup>(`/api/companies/${input.companyId}/question-groups`, input);
export const updateGroup = (id: number, input: QuestionGroupInput) => api.patch<QuestionGroup>(`/api/question-groups/${id}`, input);

/** Create (no id) or update a trivia; the company's list refreshes. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: QuestionGroupInput }) => (id ? updateGroup(id, input) : createGroup(input)),
    meta: { errorTitle: 'Error al guardar el grupo de preguntas' },
    onSuccess: (group) => queryClient.invalidateQueries({ queryKey: companyGroupsKey(group.companyId) }),
  });
}
