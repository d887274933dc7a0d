import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignLink } from '../../../../contract';
import { api } from '../../../lib/api';
import { campaignLinksKey } from './get-campaign-links';

export type CampaignLinkChange = { order: number } | { weight: number };

/** PATCH /api/campaign-question-groups/{linkId}: its weight, or an order (a move to that position; the editor uses move-campaign-link). */
export const updateCampaignLink = (linkId: number, change: CampaignLinkChange) => api.patch<CampaignLink>(`/api/campaign-question-groups/${linkId}`, change);

export function useUpdateCampaignWeight(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, weight }: { linkId: number; weight: number }) => updateCampaignLink(linkId, { weight }),
    meta: { errorTitle: 'Error', errorDescription: 'Error al actualizar el peso' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignLinksKey(campaignId) }),
  });
}
