import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkLinkReply } from '../../../../contract';
import { api } from '../../../lib/api';
import { campaignLinksKey } from './get-campaign-links';

export interface BulkLinkRequest {
  questionGroupIds: number[];
  weight: number;
}

/** POST /api/campaigns/{id}/question-groups/bulk: links several trivias after the last one (the server sets their order), each with its own outcome. */
export const bulkAddCampaignLinks = (campaignId: number, input: BulkLinkRequest) =>
  api.post<BulkLinkReply>(`/api/campaigns/${campaignId}/question-groups/bulk`, input);

export function useBulkAddCampaignLinks(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkLinkRequest) => bulkAddCampaignLinks(campaignId, input),
    meta: { errorTitle: 'Error', errorDescription: 'Error al agregar las trivias' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignLinksKey(campaignId) }),
  });
}
