import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountLink,
  AccountLinkCheckReply,
  AccountLinkRedeemInput,
  AccountSession,
  EndOtherSessionsReply,
  InviteReply,
  InviteUserInput,
  PasswordChangeInput,
  User,
  UserAccessValues,
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
/** PUT /api/users/{id}/access: "Cambiar acceso". The signed-in user is read again too: the change may be their own. */
export function useChangeUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, access }: { id: number; access: UserAccessValues }) => api.put<UserListItem>(`/api/users/${id}/access`, access),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: USERS_KEY }), queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY })]),
  });
}
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

const OWN_SESSIONS_KEY = ['account-sessions'] as const;

/** GET /api/account/sessions: "Sesiones abiertas", mine only. */
export const useOwnSessions = () =>
  useQuery({ queryKey: OWN_SESSIONS_KEY, queryFn: () => api.get<AccountSession[]>('/api/account/sessions'), meta: { errorTitle: 'No se pudieron cargar tus sesiones' } });

/** Every change that ends sessions reads "Sesiones abiertas" again. */
function useSessionsChange<V, R>(mutationFn: (variables: V) => Promise<R>, errorTitle?: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, meta: errorTitle ? { errorTitle } : undefined, onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_SESSIONS_KEY }) });
}

export const useChangePassword = () => useSessionsChange((input: PasswordChangeInput) => api.put<EndOtherSessionsReply>('/api/account/password', input));
export const useEndOtherSessions = () =>
  useSessionsChange(() => api.post<EndOtherSessionsReply>('/api/account/sessions/end-others'), 'No se pudieron cerrar las otras sesiones');
export const useEndSession = () => useSessionsChange((handle: string) => api.delete<{ handle: string }>(`/api/account/sessions/${handle}`), 'No se pudo cerrar la sesión');
