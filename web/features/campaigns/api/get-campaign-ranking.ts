import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignRankingEntry } from '../../../../contract';
import { api } from '../../../lib/api';

export interface CampaignRankingFilters {
  locationId?: number;
  /** yyyy-MM-dd, whole days */
  dateFrom?: string;
  dateTo?: string;
}

/** The filters as the ranking, public ranking and export routes read them. */
export function campaignRankingQuery(filters: CampaignRankingFilters): string {
  const query = new URLSearchParams();
  if (filters.locationId) query.set('locationId', String(filters.locationId));
  if (filters.dateFrom) query.set('dateFrom', filters.dateFrom);
  if (filters.dateTo) query.set('dateTo', filters.dateTo);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** GET /api/campaigns/{id}/ranking/export: a CSV of the same rows, opened as a link. */
export const campaignRankingExportUrl = (campaignId: number, filters: CampaignRankingFilters) =>
  `/api/campaigns/${campaignId}/ranking/export${campaignRankingQuery(filters)}`;

/** GET /api/campaigns/{id}/ranking (admin): entries already in order, positions absolute. */
export const getCampaignRanking = (campaignId: number, filters: CampaignRankingFilters) =>
  api.get<CampaignRankingEntry[]>(`/api/campaigns/${campaignId}/ranking${campaignRankingQuery(filters)}`);

export const campaignRankingQueryOptions = (campaignId: number, filters: CampaignRankingFilters) =>
  queryOptions({
    queryKey: ['campaign-ranking', campaignId, filters],
    queryFn: () => getCampaignRanking(campaignId, filters),
    placeholderData: keepPreviousData,
    // Players keep finishing trivias while the screen is away: read it again on every visit.
    refetchOnMount: 'always',
  });

export const useCampaignRanking = (campaignId: number, filters: CampaignRankingFilters) =>
  useQuery(campaignRankingQueryOptions(campaignId, filters));
