import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentTextVersion } from '../../../../contract';
import { api } from '../../../lib/api';

export const consentTextsKey = (companyId: number) => ['companies', companyId, 'consent-texts'] as const;

/** Every version of the company's data-treatment text, newest first. */
export const useConsentTexts = (companyId: number) =>
  useQuery({ queryKey: consentTextsKey(companyId), queryFn: () => api.get<ConsentTextVersion[]>(`/api/companies/${companyId}/consent-texts`) });

/** Saves the text as the company's next version (the same text again adds none). */
export function useSaveConsentText(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<ConsentTextVersion>(`/api/companies/${companyId}/consent-texts`, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentTextsKey(companyId) }),
  });
}
