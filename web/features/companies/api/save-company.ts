import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyInput } from '../../../../contract';
import { api } from '../../../lib/api';
import { COMPANIES_KEY } from '../../../shared/companies/api/get-companies';

export const createCompany = (input: CompanyInput) => api.post<Company>('/api/companies', input);
export const updateCompany = (id: number, input: CompanyInput) => api.patch<Company>(`/api/companies/${id}`, input);

/** Create (no id) or update (id) a company; the list refreshes either way. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CompanyInput }) => (id ? updateCompany(id, input) : createCompany(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}
