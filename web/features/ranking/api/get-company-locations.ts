import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location, PlayBundle } from '../../../../contract';
import { api, ApiError } from '../../../lib/api';

/**
 * GET /api/public/companies/{id}/locations for the site filter. Where that route is missing
 * (404), the trivia's public bundle carries the same company's sites.
 */
export async function getCompanyLocations(companyId: number, questionGroupId: number): Promise<Location[]> {
  try {
    return await api.get<Location[]>(`/api/public/companies/${companyId}/locations`);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    return (await api.get<PlayBundle>(`/api/play/${questionGroupId}/bundle`)).locations;
  }
}

export const companyLocationsQueryOptions = (companyId: number, questionGroupId: number) =>
  queryOptions({ queryKey: ['public-locations', companyId], queryFn: () => getCompanyLocations(companyId, questionGroupId) });

export const useCompanyLocations = (companyId: number | undefined, questionGroupId: number) =>
  useQuery({ ...companyLocationsQueryOptions(companyId ?? 0, questionGroupId), enabled: companyId !== undefined });
