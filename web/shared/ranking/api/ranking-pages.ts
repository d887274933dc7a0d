import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { getPage } from '../../../lib/api';

/** Rows asked per page: a screen stays light, and 'Cargar más' brings the next ones. */
export const RANKING_PAGE_SIZE = 100;

/** One page of a ranking as a screen keeps it: its rows, the full count, and where it started. */
export interface RankingPage<T> {
  entries: T[];
  total: number;
  offset: number;
}

/** The page's limit and offset appended to a ranking route's path and filters. */
export function pagePath(path: string, query: URLSearchParams, offset: number, limit = RANKING_PAGE_SIZE): string {
  const paged = new URLSearchParams(query);
  paged.set('limit', String(limit));
  paged.set('offset', String(offset));
  return `${path}?${paged}`;
}

/** Reads one page of a ranking route, with the full count from X-Total-Count. */
export async function getRankingPage<T>(path: string, query: URLSearchParams, offset: number): Promise<RankingPage<T>> {
  const { items, total } = await getPage<T>(pagePath(path, query, offset));
  return { entries: items, total, offset };
}

/** Where the next page starts, or undefined once every row of the ranking is loaded. */
export function nextPageOffset<T>(last: RankingPage<T>): number | undefined {
  const next = last.offset + last.entries.length;
  return last.entries.length > 0 && next < last.total ? next : undefined;
}

/**
 * The loaded pages as one list, each row once (rows may shift between pages when players finish
 * trivias in the meantime), and the full count of the latest page read.
 */
export function loadedRows<T>(pages: RankingPage<T>[], key: (entry: T) => string | number): { entries: T[]; total: number } {
  const seen = new Set<string | number>();
  const entries = pages.flatMap((page) => page.entries).filter((entry) => !seen.has(key(entry)) && seen.add(key(entry)));
  return { entries, total: pages.at(-1)?.total ?? 0 };
}

/** A ranking read page by page: the rows loaded so far, the full count, and what 'Cargar más' needs. */
export function useRankingPages<T>(options: {
  queryKey: QueryKey;
  read: (offset: number) => Promise<RankingPage<T>>;
  key: (entry: T) => string | number;
  enabled?: boolean;
  /** Players keep finishing trivias while the screen is away: read it again on every visit. */
  refetchOnMount?: 'always';
}) {
  const query = useInfiniteQuery({
    queryKey: options.queryKey,
    queryFn: ({ pageParam }) => options.read(pageParam),
    initialPageParam: 0,
    getNextPageParam: nextPageOffset<T>,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
    refetchOnMount: options.refetchOnMount,
  });
  const { entries, total } = loadedRows(query.data?.pages ?? [], options.key);
  const more = {
    shown: entries.length,
    total,
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
  };
  return { query, entries, total, more };
}
