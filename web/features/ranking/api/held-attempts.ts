import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { HELD_PAGE_SIZE, type HeldAttempt, type HeldBatchDecision, type HeldFilter, type HeldSummary, type ReviewDecision } from '../../../../contract';
import { api, getPage } from '../../../lib/api';
import { HELD_TRIVIAS_KEY } from '../../../shared/moderation/api/get-held-trivias';

function heldQuery(questionGroupId: number, filter: HeldFilter): URLSearchParams {
  const query = new URLSearchParams({ questionGroupId: String(questionGroupId) });
  if (filter.reason) query.set('reason', filter.reason);
  if (filter.device) query.set('device', filter.device);
  return query;
}

interface HeldPage {
  items: HeldAttempt[];
  total: number;
}

/** GET /api/player-attempts/held (admin): one page of a trivia's held results matching the filter, after the id `after`. */
export async function getHeldPage(questionGroupId: number, filter: HeldFilter, after: number): Promise<HeldPage> {
  const query = heldQuery(questionGroupId, filter);
  query.set('after', String(after));
  query.set('limit', String(HELD_PAGE_SIZE));
  return getPage<HeldAttempt>(`/api/player-attempts/held?${query}`);
}

/** GET /api/player-attempts/held/summary (admin): the counts per reason and device behind the filter. */
export const getHeldSummary = (questionGroupId: number, filter: HeldFilter) =>
  api.get<HeldSummary>(`/api/player-attempts/held/summary?${heldQuery(questionGroupId, filter)}`);

/** Every query of a trivia's held results (pages and counts) starts with this key. */
const heldKey = (questionGroupId: number) => ['held-attempts', questionGroupId] as const;

export const useHeldSummary = (questionGroupId: number, filter: HeldFilter) =>
  useQuery({ queryKey: [...heldKey(questionGroupId), 'summary', filter], queryFn: () => getHeldSummary(questionGroupId, filter), placeholderData: keepPreviousData });

/**
 * A trivia's held results matching the filter, page by page ('Cargar más'), oldest first. Pages
 * follow the last id read (keyset), so rows decided meanwhile never make the next page skip one.
 */
export function useHeldAttempts(questionGroupId: number, filter: HeldFilter) {
  const query = useInfiniteQuery({
    queryKey: [...heldKey(questionGroupId), 'list', filter],
    queryFn: ({ pageParam }) => getHeldPage(questionGroupId, filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return last.items.length === HELD_PAGE_SIZE && loaded < last.total ? last.items.at(-1)!.id : undefined;
    },
    placeholderData: keepPreviousData,
  });
  const seen = new Set<number>();
  const entries = (query.data?.pages ?? []).flatMap((page) => page.items).filter((row) => !seen.has(row.id) && seen.add(row.id));
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const more = { shown: entries.length, total, hasMore: query.hasNextPage, loading: query.isFetchingNextPage, onLoadMore: () => void query.fetchNextPage() };
  return { query, entries, total, more };
}

export type ReviewAction = 'release' | 'discard';

/** POST /api/player-attempts/{id}/release or /discard. */
export const reviewAttempt = (id: number, action: ReviewAction) => api.post<ReviewDecision>(`/api/player-attempts/${id}/${action}`);

/** What one bulk decision takes: chosen ids, or every result matching the filter up to the newest seen. */
export type HeldBatchTarget = { ids: number[] } | { filter: HeldFilter; throughId: number };

/** POST /api/player-attempts/held/release or /discard: one decision on several held results. */
export const reviewBatch = (questionGroupId: number, action: ReviewAction, target: HeldBatchTarget) =>
  api.post<HeldBatchDecision>(`/api/player-attempts/held/${action}`, { questionGroupId, ...target });

/** After a decision: the held list and its counts (here and on every screen that says "N en revisión"), and the rankings a released result now counts in (this trivia's and the campaigns'). */
const refreshAfterDecision = (queryClient: QueryClient, questionGroupId: number) =>
  Promise.all(
    [heldKey(questionGroupId), HELD_TRIVIAS_KEY, ['ranking', questionGroupId], ['campaign-ranking'], ['public-campaign-ranking']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

/** Approving or discarding one held result. */
export function useReviewAttempt(questionGroupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ReviewAction }) => reviewAttempt(id, action),
    meta: { errorTitle: 'No se pudo registrar la decisión' },
    onSuccess: () => refreshAfterDecision(queryClient, questionGroupId),
  });
}

/** Approving or discarding several held results at once. */
export function useReviewBatch(questionGroupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, target }: { action: ReviewAction; target: HeldBatchTarget }) => reviewBatch(questionGroupId, action, target),
    meta: { errorTitle: 'No se pudieron registrar las decisiones' },
    onSuccess: () => refreshAfterDecision(queryClient, questionGroupId),
  });
}
