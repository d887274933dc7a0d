import { useMutation } from '@tanstack/react-query';
import type { ClearAttemptsReply } from '../../../../contract';
import { api } from '../../../lib/api';

export const clearPlayerAttempts = (groupId: number) => api.delete<ClearAttemptsReply>(`/api/question-groups/${groupId}/player-attempts`);

export function useClearPlayerAttempts() {
  return useMutation({ mutationFn: clearPlayerAttempts, meta: { errorTitle: 'Error al limpiar datos de jugadores' } });
}
