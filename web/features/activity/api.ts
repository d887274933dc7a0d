import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityAuthor, ActivityFilter, ActivityPage } from '../../../contract';
import { api } from '../../lib/api';

/** The filter as a query string, empty values left out. */
export function activityQuery(filter: ActivityFilter, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, cursor })) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/activity: pages of entries, newest first; "Ver más" reads the next by its cursor. Not asked while the filter is invalid. */
export const useActivity = (filter: ActivityFilter, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: ['activity', filter],
    enabled,
    queryFn: ({ pageParam }) => api.get<ActivityPage>(`/api/activity${activityQuery(filter, pageParam)}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'No se pudo cargar la actividad' },
  });

/** GET /api/activity/authors: the "Persona" filter's choices. */
export const useActivityAuthors = () => useQuery({ queryKey: ['activity-authors'], queryFn: () => api.get<ActivityAuthor[]>('/api/activity/authors') });
