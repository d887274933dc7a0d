import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../contract';
import { api } from '../../../lib/api';
import { USER_QUERY_KEY } from '../../../lib/query-client';

/** GET /api/user; a 401 reads as null (nobody signed in). */
export const getUser = () => api.get<User | null>('/api/user', { on401: 'null' });

export const userQueryOptions = () => queryOptions({ queryKey: USER_QUERY_KEY, queryFn: getUser });

export const useUser = () => useQuery(userQueryOptions());
