import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '../../../../contract';
import { api } from '../../../lib/api';

export const COMPANIES_KEY = ['companies'] as const;

export const getCompanies = () => api.get<Company[]>('/api/companies');

export const companiesQueryOptions = () => queryOptions({ queryKey: COMPANIES_KEY, queryFn: getCompanies });

export const useCompanies = () => useQuery(companiesQueryOptions());
