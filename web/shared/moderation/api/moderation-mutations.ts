import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Disqualification } from '../../../../contract';
import { api } from '../../../lib/api';

/**
 * What a disqualification or a restoration moves: the records, the trivias' rankings and the
 * campaigns' (the per-trivia tabs too; a decision made from a campaign covers every trivia of it).
 */
export function useRefreshModerated() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['disqualifications'], ['campaign-disqualifications'], ['ranking'], ['campaign-ranking'], ['public-campaign-ranking']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/ranking-disqualifications/{id}/restore: the decision counts no more (at every trivia it covers). */
export function useRestoreDisqualification() {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<Disqualification>(`/api/ranking-disqualifications/${id}/restore`, { reason }),
    meta: { errorTitle: 'No se pudo restaurar' },
    onSuccess: refresh,
  });
}
