import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeldAttempt, ReviewDecision } from '../../../../contract';
import { api } from '../../../lib/api';

/** GET /api/player-attempts/held (admin): a trivia's results waiting for a decision. */
export const getHeldAttempts = (questionGroupId: number) =>
  api.get<HeldAttempt[]>(`/api/player-attempts/held?questionGroupId=${questionGroupId}`);

export const heldAttemptsQueryOptions = (questionGroupId: number) =>
  queryOptions({ queryKey: ['held-attempts', questionGroupId], queryFn: () => getHeldAttempts(questionGroupId) });

export const useHeldAttempts = (questionGroupId: number) => useQuery(heldAttemptsQueryOptions(questionGroupId));

export type ReviewAction = 'release' | 'discard';

/** POST /api/player-attempts/{id}/release or /discard. */
export const reviewAttempt = (id: number, action: ReviewAction) => api.post<ReviewDecision>(`/api/player-attempts/${id}/${action}`);

/**
 * Approving or discarding a held result. The held list is read again, and so are the rankings
 * a released result now counts in: this trivia's and the campaigns'.
 */
export function useReviewAttempt(questionGroupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ReviewAction }) => reviewAttempt(id, action),
    meta: { errorTitle: 'No se pudo registrar la decisión' },
    onSuccess: () =>
      Promise.all(
        [['held-attempts', questionGroupId], ['ranking', questionGroupId], ['campaign-ranking'], ['public-campaign-ranking']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
