import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionGroup, Theme } from '../../../../contract';
import { api } from '../../../lib/api';

export const updateTheme = ({ groupId, theme }: { groupId: number; theme: Theme }) =>
  api.patch<QuestionGroup>(`/api/question-groups/${groupId}/theme`, { theme });

export function useUpdateTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTheme,
    meta: { errorTitle: 'Error al guardar los estilos de la trivia' },
    // Every cached view of trivias (the list, the questions screen, the player view) shows the new theme.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['question-groups'] }),
  });
}
