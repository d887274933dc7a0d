import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '../../../../contract';
import { api } from '../../../lib/api';
import { CAMPAIGNS_KEY } from './get-campaigns';

export const campaignKey = (id: number) => [...CAMPAIGNS_KEY, id] as const;

/** GET /api/campaigns/{id}: 404 'Campaña no encontrada' when it does not exist. */
export const getCampaign = (id: number) => api.get<Campaign>(`/api/campaigns/${id}`);

export const campaignQueryOptions = (id: number) => queryOptions({ queryKey: campaignKey(id), queryFn: () => getCampaign(id) });

export const useCampaign = (id: number) => useQuery(campaignQueryOptions(id));
