import { useQuery } from '@tanstack/react-query';
import type { SessionReply } from '../../../contract';
import { api } from '../../lib/api';

export const SERVER_TIME_ZONE_KEY = ['server-time-zone'] as const;

/** The server's time zone (GET /api/session): what a company that chose none shows its times in. It does not change while the page is open. */
export const useServerTimeZone = () =>
  useQuery({
    queryKey: SERVER_TIME_ZONE_KEY,
    queryFn: async () => (await api.get<SessionReply>('/api/session')).serverTimeZone,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
