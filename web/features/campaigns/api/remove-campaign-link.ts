import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { campaignLinksKey } from './get-campaign-links';

/** DELETE /api/campaigns/{campaignId}/question-groups/{questionGroupId}: the trivia itself stays. */
export const removeCampaignLink = (campaignId: number, questionGroupId: number) =>
  api.delete<{ message: string }>(`/api/campaigns/${campaignId}/question-groups/${questionGroupId}`);

export function useRemoveCampaignLink(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionGroupId: number) => removeCampaignLink(campaignId, questionGroupId),
    meta: { errorTitle: 'Error', errorDescription: 'Error al quitar la trivia de la campaña' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignLinksKey(campaignId) }),
  });
}
