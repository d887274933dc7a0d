import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClearAttemptsReply } from '../../../../contract';
import { api } from '../../../lib/api';

export const clearPlayerAttempts = (groupId: number) => api.delete<ClearAttemptsReply>(`/api/question-groups/${groupId}/player-attempts`);

/**
 * Limpiar Datos. Queries never go stale on their own here, so the rankings the cleared attempts
 * were in are refetched: this trivia's (every filter of ['ranking', id, filters]) and the
 * campaign rankings, which may include it.
 */
export function useClearPlayerAttempts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearPlayerAttempts,
    meta: { errorTitle: 'Error al limpiar datos de jugadores' },
    onSuccess: (_reply, groupId) =>
      Promise.all(
        [['ranking', groupId], ['campaign-ranking'], ['public-campaign-ranking']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
