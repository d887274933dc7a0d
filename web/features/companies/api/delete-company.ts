import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { COMPANIES_KEY } from '../../../shared/companies/api/get-companies';

export const deleteCompany = (id: number) => api.delete<{ message: string }>(`/api/companies/${id}`);

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}
