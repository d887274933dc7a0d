import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCampaign } from '../../../../contract';
import { api } from '../../../lib/api';

/** GET /api/public/campaigns/{id}: the public ranking's title; 404 when unknown. */
export const getPublicCampaign = (id: number) => api.get<PublicCampaign>(`/api/public/campaigns/${id}`);

export const publicCampaignQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['public-campaign', id], queryFn: () => getPublicCampaign(id) });

export const usePublicCampaign = (id: number) => useQuery(publicCampaignQueryOptions(id));
