import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { QuestionWithAnswers, questionWithAnswersSchema } from '../../../../contract';
import { ApiError, api } from '../../../lib/api';
import { toast } from '../../../lib/toast-store';

export type QuestionWithAnswersValues = z.output<typeof questionWithAnswersSchema>;

/** What a save came to: saved, or the server asks to confirm a change of the correct answer first. */
export type SaveOutcome =
  | { saved: QuestionWithAnswers }
  | { confirmCorrectChange: { affectedResults: number; message: string } };

/**
 * Create: POST the question with its answers in one call. Edit: the transactional PUT, so the
 * question never ends up without answers. Both are one transaction on the server. An edit that
 * changes the correct answer of a played question comes back as a question for the admin, not an error.
 */
export async function saveQuestion({ id, values }: { id?: number; values: QuestionWithAnswersValues }): Promise<SaveOutcome> {
  if (id === undefined) return { saved: await api.post<QuestionWithAnswers>(`/api/question-groups/${values.groupId}/questions`, values) };
  try {
    return { saved: await api.put<QuestionWithAnswers>(`/api/questions/${id}`, values) };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'correct_answer_change_unconfirmed') {
      return { confirmCorrectChange: { affectedResults: error.body?.affectedResults ?? 0, message: error.serverMessage } };
    }
    throw error;
  }
}

export function useSaveQuestion(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    meta: { errorTitle: 'Error al guardar la pregunta' },
    onSuccess: (outcome, { id }) => {
      if (!('saved' in outcome)) return;
      toast({ title: id === undefined ? 'Pregunta creada correctamente' : 'Pregunta actualizada correctamente', variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: ['question-groups', groupId] });
    },
  });
}
