import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '../../../../contract';
import { api } from '../../../lib/api';
import { USER_QUERY_KEY } from '../../../lib/query-client';

export const login = (input: LoginInput) => api.post<User>('/api/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { errorTitle: 'Login failed' },
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
