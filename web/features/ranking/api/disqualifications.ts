import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Disqualification, DisqualifyInput } from '../../../../contract';
import { api } from '../../../lib/api';
import { useRefreshModerated } from '../../../shared/moderation/api/moderation-mutations';

/** GET /api/ranking-disqualifications (admin): a trivia's disqualifications, holding and restored, newest first. */
export const getDisqualifications = (questionGroupId: number) =>
  api.get<Disqualification[]>(`/api/ranking-disqualifications?questionGroupId=${questionGroupId}`);

export const disqualificationsQueryOptions = (questionGroupId: number) =>
  queryOptions({ queryKey: ['disqualifications', questionGroupId], queryFn: () => getDisqualifications(questionGroupId) });

export const useDisqualifications = (questionGroupId: number) => useQuery(disqualificationsQueryOptions(questionGroupId));

/** POST /api/ranking-disqualifications: takes a ranking row's attempt (or its player) out. */
export function useDisqualify() {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: (input: DisqualifyInput) => api.post<Disqualification>('/api/ranking-disqualifications', input),
    meta: { errorTitle: 'No se pudo descalificar' },
    onSuccess: refresh,
  });
}
