import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignLink, CampaignLinkInput } from '../../../../contract';
import { api } from '../../../lib/api';
import { campaignLinksKey } from './get-campaign-links';

/** POST /api/campaign-question-groups: links one trivia (409 when it is already in the campaign). */
export const addCampaignLink = (input: CampaignLinkInput) => api.post<CampaignLink>('/api/campaign-question-groups', input);

export function useAddCampaignLink(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCampaignLink,
    meta: { errorTitle: 'Error', errorDescription: 'Error al agregar la trivia' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignLinksKey(campaignId) }),
  });
}
