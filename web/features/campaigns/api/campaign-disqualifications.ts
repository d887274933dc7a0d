import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CampaignDisqualification, CampaignDisqualifyInput } from '../../../../contract';
import { api } from '../../../lib/api';
import { useRefreshModerated } from '../../../shared/moderation/api/moderation-mutations';

/** GET /api/campaigns/{id}/disqualifications (admin): the campaign's moderation record, one entry per decision, newest first. */
export const getCampaignDisqualifications = (campaignId: number) => api.get<CampaignDisqualification[]>(`/api/campaigns/${campaignId}/disqualifications`);

export const campaignDisqualificationsQueryOptions = (campaignId: number) =>
  queryOptions({ queryKey: ['campaign-disqualifications', campaignId], queryFn: () => getCampaignDisqualifications(campaignId) });

export const useCampaignDisqualifications = (campaignId: number) => useQuery(campaignDisqualificationsQueryOptions(campaignId));

/** POST /api/campaigns/{id}/disqualifications: a ranking row's player, out at every trivia of the campaign. */
export function useDisqualifyFromCampaign(campaignId: number) {
  const refresh = useRefreshModerated();
  return useMutation({
    mutationFn: (input: CampaignDisqualifyInput) => api.post<CampaignDisqualification>(`/api/campaigns/${campaignId}/disqualifications`, input),
    meta: { errorTitle: 'No se pudo descalificar' },
    onSuccess: refresh,
  });
}
