import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '../../../../contract';
import { api } from '../../../lib/api';

/** GET /api/public/companies/{id}/locations: the sites of the ranking's site filter. */
export const getCompanyLocations = (companyId: number) => api.get<Location[]>(`/api/public/companies/${companyId}/locations`);

export const companyLocationsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['public-locations', companyId], queryFn: () => getCompanyLocations(companyId) });

export const useCompanyLocations = (companyId: number | undefined) =>
  useQuery({ ...companyLocationsQueryOptions(companyId ?? 0), enabled: companyId !== undefined });
