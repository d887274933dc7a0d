import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { locationsKey } from './get-locations';

export const deleteLocation = (id: number) => api.delete<{ message: string }>(`/api/locations/${id}`);

export function useDeleteLocation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey(companyId) }),
  });
}
