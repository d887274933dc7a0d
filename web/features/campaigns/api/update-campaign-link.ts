import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignLink } from '../../../../contract';
import { api } from '../../../lib/api';
import { campaignLinksKey } from './get-campaign-links';

export type CampaignLinkChange = { order: number } | { weight: number };

/** PATCH /api/campaign-question-groups/{linkId}: its order or its weight. */
export const updateCampaignLink = (linkId: number, change: CampaignLinkChange) => api.patch<CampaignLink>(`/api/campaign-question-groups/${linkId}`, change);

export function useUpdateCampaignWeight(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, weight }: { linkId: number; weight: number }) => updateCampaignLink(linkId, { weight }),
    meta: { errorTitle: 'Error', errorDescription: 'Error al actualizar el peso' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignLinksKey(campaignId) }),
  });
}

/**
 * Moving a trivia up or down swaps its order with its neighbour's (spec "Campaign trivias
 * reordering"): two PATCHes, then the list is read again, whether or not both succeeded.
 */
export function useSwapCampaignLinks(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ link, neighbour }: { link: CampaignLink; neighbour: CampaignLink }) => {
      await updateCampaignLink(link.id, { order: neighbour.order });
      await updateCampaignLink(neighbour.id, { order: link.order });
    },
    meta: { errorTitle: 'Error', errorDescription: 'Error al actualizar el orden' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignLinksKey(campaignId) }),
  });
}
