import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountLink,
  AccountLinkCheckReply,
  AccountLinkRedeemInput,
  EndOtherSessionsReply,
  InviteReply,
  InviteUserInput,
  PasswordChangeInput,
  User,
  UserListItem,
} from '../../../contract';
import { api } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/query-client';

const USERS_KEY = ['users'] as const;

/** GET /api/users: "Usuarios" (owners). */
export const useUsers = () => useQuery({ queryKey: USERS_KEY, queryFn: () => api.get<UserListItem[]>('/api/users'), meta: { errorTitle: 'No se pudieron cargar los usuarios' } });

/** The list is read again after every change an owner makes to a user. */
function useUsersChange<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }) });
}

export const useInviteUser = () => useUsersChange((input: InviteUserInput) => api.post<InviteReply>('/api/users', input));
export const useSetUserEnabled = () =>
  useUsersChange(({ id, enabled }: { id: number; enabled: boolean }) => api.post<UserListItem>(`/api/users/${id}/${enabled ? 'enable' : 'disable'}`));
export const useRemoveUser = () => useUsersChange((id: number) => api.delete<{ id: number }>(`/api/users/${id}`));
export const useUserLink = () => useUsersChange((id: number) => api.post<AccountLink>(`/api/users/${id}/link`));

/** POST /api/account-links/check: where the page's link stands, without using it. */
export const useAccountLinkCheck = (token: string) =>
  useQuery({ queryKey: ['account-link', token], queryFn: () => api.post<AccountLinkCheckReply>('/api/account-links/check', { token }) });

/** POST /api/account-links/redeem: sets the password and signs the person in. */
export function useRedeemAccountLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountLinkRedeemInput) => api.post<User>('/api/account-links/redeem', input),
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
}

export const useChangePassword = () => useMutation({ mutationFn: (input: PasswordChangeInput) => api.put<EndOtherSessionsReply>('/api/account/password', input) });
export const useEndOtherSessions = () =>
  useMutation({ mutationFn: () => api.post<EndOtherSessionsReply>('/api/account/sessions/end-others'), meta: { errorTitle: 'No se pudieron cerrar las otras sesiones' } });
