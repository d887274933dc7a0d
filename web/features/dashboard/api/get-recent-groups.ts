import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentQuestionGroup } from '../../../../contract';
import { api } from '../../../lib/api';

export const getRecentGroups = () => api.get<RecentQuestionGroup[]>('/api/recent-question-groups');

export const recentGroupsQueryOptions = () =>
  queryOptions({ queryKey: ['recent-question-groups'], queryFn: getRecentGroups, refetchOnMount: 'always' });

export const useRecentGroups = () => useQuery(recentGroupsQueryOptions());
