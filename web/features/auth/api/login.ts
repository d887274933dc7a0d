import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '../../../../contract';
import { api, ApiError, errorText } from '../../../lib/api';
import { USER_QUERY_KEY } from '../../../lib/query-client';
import { toast } from '../../../lib/toast-store';

export const login = (input: LoginInput) => api.post<User>('/api/login', input);

/** The replies the sign-in page answers in place (the code step) rather than with a toast. */
export const isSecondFactorReply = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.body?.code === 'second_factor_required' || error.body?.code === 'second_factor_invalid');

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onError: (error) => {
      if (!isSecondFactorReply(error)) toast({ title: 'Login failed', description: errorText(error), variant: 'destructive' });
    },
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
