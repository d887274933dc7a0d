import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Disqualification, DisqualifyInput } from '../../../../contract';
import { api } from '../../../lib/api';

/** GET /api/ranking-disqualifications (admin): a trivia's disqualifications, holding and restored, newest first. */
export const getDisqualifications = (questionGroupId: number) =>
  api.get<Disqualification[]>(`/api/ranking-disqualifications?questionGroupId=${questionGroupId}`);

export const disqualificationsQueryOptions = (questionGroupId: number) =>
  queryOptions({ queryKey: ['disqualifications', questionGroupId], queryFn: () => getDisqualifications(questionGroupId) });

export const useDisqualifications = (questionGroupId: number) => useQuery(disqualificationsQueryOptions(questionGroupId));

/**
 * What a disqualification or a restoration moves: the records, the trivias' rankings and the
 * campaigns' (a disqualification made from a campaign is restored at every trivia of it).
 */
function useRefreshModerated() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['disqualifications'], ['campaign-disqualifications'], ['ranking'], ['campaign-ranking'], ['public-campaign-ranking']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/ranking-disqualifications: takes a ranking row's attempt (or its player) out. */
export function useDisqualify() {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: (input: DisqualifyInput) => api.post<Disqualification>('/api/ranking-disqualifications', input),
    meta: { errorTitle: 'No se pudo descalificar' },
    onSuccess: refresh,
  });
}

/** POST /api/ranking-disqualifications/{id}/restore: puts a disqualified entry back. */
export function useRestoreDisqualification() {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<Disqualification>(`/api/ranking-disqualifications/${id}/restore`, { reason }),
    meta: { errorTitle: 'No se pudo restaurar' },
    onSuccess: refresh,
  });
}
