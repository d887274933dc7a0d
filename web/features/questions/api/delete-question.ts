import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast-store';

export const deleteQuestion = (id: number) => api.delete<void>(`/api/questions/${id}`);

export function useDeleteQuestion(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    meta: { errorTitle: 'Error al eliminar la pregunta' },
    onSuccess: () => {
      toast({ title: 'Pregunta eliminada correctamente', variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: ['question-groups', groupId] });
    },
  });
}
