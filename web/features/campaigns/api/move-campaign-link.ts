import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignLink, CampaignLinkMove } from '../../../../contract';
import { api } from '../../../lib/api';
import { campaignLinksKey } from './get-campaign-links';

/**
 * POST /api/campaigns/{campaignId}/question-groups/{questionGroupId}/move: the server moves the
 * trivia (up, down or to a position) under the campaign's lock and answers the links in their new order.
 */
export const moveCampaignLink = (campaignId: number, questionGroupId: number, move: CampaignLinkMove) =>
  api.post<CampaignLink[]>(`/api/campaigns/${campaignId}/question-groups/${questionGroupId}/move`, move);

/** One call per click; the list shown is then the server's reply (or, after a failure, read again). */
export function useMoveCampaignLink(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionGroupId, move }: { questionGroupId: number; move: CampaignLinkMove }) => moveCampaignLink(campaignId, questionGroupId, move),
    meta: { errorTitle: 'Error', errorDescription: 'Error al actualizar el orden' },
    onSuccess: (links) => queryClient.setQueryData(campaignLinksKey(campaignId), links),
    onError: () => queryClient.invalidateQueries({ queryKey: campaignLinksKey(campaignId) }),
  });
}
