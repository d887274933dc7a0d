import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '../../../../contract';
import { api } from '../../../lib/api';

export const CAMPAIGNS_KEY = ['campaigns'] as const;

/** GET /api/campaigns: every campaign, newest first. */
export const getCampaigns = () => api.get<Campaign[]>('/api/campaigns');

export const campaignsQueryOptions = () => queryOptions({ queryKey: CAMPAIGNS_KEY, queryFn: getCampaigns });

export const useCampaigns = () => useQuery(campaignsQueryOptions());
