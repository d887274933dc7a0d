import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardCounts } from '../../../../contract';
import { api } from '../../../lib/api';

export const getDashboardCounts = () => api.get<DashboardCounts>('/api/dashboard');

/** Refetched on every visit: other screens change these counts without knowing this query. */
export const dashboardCountsQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: getDashboardCounts, refetchOnMount: 'always' });

export const useDashboardCounts = () => useQuery(dashboardCountsQueryOptions());
