import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneratedQuestions, GenerateQuestionsInput } from '../../../../contract';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast-store';

export const generateQuestions = ({ groupId, input }: { groupId: number; input: GenerateQuestionsInput }) =>
  api.post<GeneratedQuestions>(`/api/question-groups/${groupId}/generate`, input);

export function useGenerateQuestions(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateQuestions,
    meta: { errorTitle: 'Error al generar preguntas con IA' },
    onSuccess: ({ count }) => {
      toast({ title: `Se generaron ${count} preguntas correctamente`, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: ['question-groups', groupId] });
    },
  });
}
