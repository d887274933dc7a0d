import type { CampaignRankingEntry } from '../../../../contract';
import { getRankingPage, useRankingPages } from '../../../shared/ranking/api/ranking-pages';

export interface CampaignRankingFilters {
  locationId?: number;
  /** yyyy-MM-dd, whole days */
  dateFrom?: string;
  dateTo?: string;
}

function filterQuery(filters: CampaignRankingFilters, questionGroupId?: number): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.locationId) query.set('locationId', String(filters.locationId));
  if (filters.dateFrom) query.set('dateFrom', filters.dateFrom);
  if (filters.dateTo) query.set('dateTo', filters.dateTo);
  if (questionGroupId !== undefined) query.set('questionGroupId', String(questionGroupId));
  return query;
}

/** GET /api/campaigns/{id}/ranking/export: a CSV of the same rows, opened as a link. */
export function campaignRankingExportUrl(campaignId: number, filters: CampaignRankingFilters): string {
  const query = filterQuery(filters).toString();
  return `/api/campaigns/${campaignId}/ranking/export${query ? `?${query}` : ''}`;
}

/** Which campaign ranking a screen reads: the admin or the public route, overall or by one trivia. */
export interface CampaignRankingSource {
  campaignId: number;
  audience: 'admin' | 'public';
  /** Ranked by this trivia of the campaign alone (the per-trivia tabs). */
  questionGroupId?: number;
}

const rankingPath = ({ campaignId, audience }: CampaignRankingSource) =>
  audience === 'admin' ? `/api/campaigns/${campaignId}/ranking` : `/api/public/campaigns/${campaignId}/ranking`;

/** One page of GET /api/campaigns/{id}/ranking or /api/public/campaigns/{id}/ranking, positions absolute. */
export const getCampaignRankingPage = (source: CampaignRankingSource, filters: CampaignRankingFilters, offset: number) =>
  getRankingPage<CampaignRankingEntry>(rankingPath(source), filterQuery(filters, source.questionGroupId), offset);

/** A campaign ranking page by page ('Cargar más'); `enabled` false waits (a tab not opened yet). */
export const useCampaignRanking = (source: CampaignRankingSource, filters: CampaignRankingFilters, enabled = true) =>
  useRankingPages({
    queryKey: [source.audience === 'admin' ? 'campaign-ranking' : 'public-campaign-ranking', source.campaignId, source.questionGroupId ?? null, filters],
    read: (offset) => getCampaignRankingPage(source, filters, offset),
    key: (entry) => entry.playerId,
    enabled,
    refetchOnMount: 'always',
  });
