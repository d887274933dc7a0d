import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Location, LocationInput } from '../../../../contract';
import { api } from '../../../lib/api';
import { locationsKey } from './get-locations';

export const createLocation = (input: LocationInput) => api.post<Location>('/api/locations', input);
export const updateLocation = (id: number, input: LocationInput) => api.patch<Location>(`/api/locations/${id}`, input);

export function useSaveLocation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id ? updateLocation(id, { name, companyId }) : createLocation({ name, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey(companyId) }),
  });
}
