import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionGroup } from '../../../../contract';
import { api } from '../../../lib/api';

export const companyGroupsKey = (companyId: number) => ['companies', companyId, 'question-groups'] as const;

export const getCompanyGroups = (companyId: number) => api.get<QuestionGroup[]>(`/api/companies/${companyId}/question-groups`);

export const companyGroupsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: companyGroupsKey(companyId), queryFn: () => getCompanyGroups(companyId) });

export const useCompanyGroups = (companyId: number | null) =>
  useQuery({ ...companyGroupsQueryOptions(companyId ?? 0), enabled: companyId !== null });
