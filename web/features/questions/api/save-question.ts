import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { QuestionWithAnswers, questionWithAnswersSchema } from '../../../../contract';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast-store';

export type QuestionWithAnswersValues = z.output<typeof questionWithAnswersSchema>;

/**
 * Create: POST the question with its answers in one call. Edit: the transactional PUT, so the
 * question never ends up without answers. Both are one transaction on the server.
 */
export const saveQuestion = ({ id, values }: { id?: number; values: QuestionWithAnswersValues }) =>
  id === undefined
    ? api.post<QuestionWithAnswers>(`/api/question-groups/${values.groupId}/questions`, values)
    : api.put<QuestionWithAnswers>(`/api/questions/${id}`, values);

export function useSaveQuestion(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    meta: { errorTitle: 'Error al guardar la pregunta' },
    onSuccess: (_question, { id }) => {
      toast({ title: id === undefined ? 'Pregunta creada correctamente' : 'Pregunta actualizada correctamente', variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: ['question-groups', groupId] });
    },
  });
}
