import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignLink } from '../../../../contract';
import { api } from '../../../lib/api';
import { campaignKey } from '../../../shared/campaigns/api/get-campaign';

export const campaignLinksKey = (campaignId: number) => [...campaignKey(campaignId), 'question-groups'] as const;

/** GET /api/campaigns/{id}/question-groups: the campaign's trivias, ordered by their order. */
export const getCampaignLinks = (campaignId: number) => api.get<CampaignLink[]>(`/api/campaigns/${campaignId}/question-groups`);

export const campaignLinksQueryOptions = (campaignId: number) =>
  queryOptions({ queryKey: campaignLinksKey(campaignId), queryFn: () => getCampaignLinks(campaignId) });

export const useCampaignLinks = (campaignId: number) => useQuery(campaignLinksQueryOptions(campaignId));
