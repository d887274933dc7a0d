import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionReply, User } from '../../../../contract';
import { api } from '../../../lib/api';
import { USER_QUERY_KEY } from '../../../lib/query-client';

/** The signed-in user, null when nobody is (GET /api/session: a 200 either way, so the sign-in page logs no 401). */
export const getUser = async (): Promise<User | null> => (await api.get<SessionReply>('/api/session')).user;

export const userQueryOptions = () => queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getUser });

export const useUser = () => useQuery(userQueryOptions());
