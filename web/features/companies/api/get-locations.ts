import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '../../../../contract';
import { api } from '../../../lib/api';

export const locationsKey = (companyId: number) => ['companies', companyId, 'locations'] as const;

export const getLocations = (companyId: number) => api.get<Location[]>(`/api/companies/${companyId}/locations`);

export const locationsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: locationsKey(companyId),
    queryFn: () => getLocations(companyId),
    meta: { errorTitle: 'No se pudieron cargar las sedes' },
  });

export const useLocations = (companyId: number) => useQuery(locationsQueryOptions(companyId));
