import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignDisqualification, CampaignDisqualifyInput, Disqualification } from '../../../../contract';
import { api } from '../../../lib/api';

/** GET /api/campaigns/{id}/disqualifications (admin): the campaign's moderation record, one entry per decision, newest first. */
export const getCampaignDisqualifications = (campaignId: number) => api.get<CampaignDisqualification[]>(`/api/campaigns/${campaignId}/disqualifications`);

export const campaignDisqualificationsQueryOptions = (campaignId: number) =>
  queryOptions({ queryKey: ['campaign-disqualifications', campaignId], queryFn: () => getCampaignDisqualifications(campaignId) });

export const useCampaignDisqualifications = (campaignId: number) => useQuery(campaignDisqualificationsQueryOptions(campaignId));

/** What a decision moves: the records, the campaigns' rankings (the per-trivia tabs too) and the trivias' rankings. */
function useRefreshModerated() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['campaign-disqualifications'], ['disqualifications'], ['campaign-ranking'], ['public-campaign-ranking'], ['ranking']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/campaigns/{id}/disqualifications: a ranking row's player, out at every trivia of the campaign. */
export function useDisqualifyFromCampaign(campaignId: number) {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: (input: CampaignDisqualifyInput) => api.post<CampaignDisqualification>(`/api/campaigns/${campaignId}/disqualifications`, input),
    meta: { errorTitle: 'No se pudo descalificar' },
    onSuccess: refresh,
  });
}

/** POST /api/ranking-disqualifications/{id}/restore: the decision counts no more (at every trivia it covers). */
export function useRestoreCampaignDisqualification() {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<Disqualification>(`/api/ranking-disqualifications/${id}/restore`, { reason }),
    meta: { errorTitle: 'No se pudo restaurar' },
    onSuccess: refresh,
  });
}
