import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignRankingEntry } from '../../../../contract';
import { api } from '../../../lib/api';
import { campaignRankingQuery, type CampaignRankingFilters } from './get-campaign-ranking';

/** GET /api/public/campaigns/{id}/ranking: the same entries as the admin ranking, for anyone. */
export const getPublicCampaignRanking = (campaignId: number, filters: CampaignRankingFilters) =>
  api.get<CampaignRankingEntry[]>(`/api/public/campaigns/${campaignId}/ranking${campaignRankingQuery(filters)}`);

export const publicCampaignRankingQueryOptions = (campaignId: number, filters: CampaignRankingFilters) =>
  queryOptions({
    queryKey: ['public-campaign-ranking', campaignId, filters],
    queryFn: () => getPublicCampaignRanking(campaignId, filters),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

export const usePublicCampaignRanking = (campaignId: number, filters: CampaignRankingFilters) =>
  useQuery(publicCampaignRankingQueryOptions(campaignId, filters));
