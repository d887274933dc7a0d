import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionGroup } from '../../../../contract';
import { api } from '../../../lib/api';
import { companyGroupsKey } from '../../../shared/question-groups/api/get-company-groups';

export const deleteGroup = (id: number) => api.delete<{ message: string }>(`/api/question-groups/${id}`);

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: QuestionGroup) => deleteGroup(group.id),
    meta: { errorTitle: 'Error al eliminar la trivia' },
    onSuccess: (_reply, group) => queryClient.invalidateQueries({ queryKey: companyGroupsKey(group.companyId) }),
  });
}
