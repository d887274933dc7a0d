import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorConfirmInput, SecondFactorConfirmReply, SecondFactorDisableInput, SecondFactorSetup, SecondFactorStatus } from '../../../contract';
import { api } from '../../lib/api';

const SECOND_FACTOR_KEY = ['second-factor'] as const;

/** GET /api/account/second-factor: whether my two-step sign-in is on, and how many recovery codes are left. */
export const useSecondFactor = () =>
  useQuery({ queryKey: SECOND_FACTOR_KEY, queryFn: () => api.get<SecondFactorStatus>('/api/account/second-factor'), meta: { errorTitle: 'No se pudo leer la verificación en dos pasos' } });

/** Every change reads the state again. */
function useSecondFactorChange<V, R>(mutationFn: (variables: V) => Promise<R>, errorTitle?: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, meta: errorTitle ? { errorTitle } : undefined, onSuccess: () => queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_KEY }) });
}

export const useStartSecondFactor = () =>
  useSecondFactorChange(() => api.post<SecondFactorSetup>('/api/account/second-factor/setup'), 'No se pudo empezar la activación');
export const useConfirmSecondFactor = () => useSecondFactorChange((input: SecondFactorConfirmInput) => api.post<SecondFactorConfirmReply>('/api/account/second-factor/confirm', input));
export const useDisableSecondFactor = () => useSecondFactorChange((input: SecondFactorDisableInput) => api.post<SecondFactorStatus>('/api/account/second-factor/disable', input));
