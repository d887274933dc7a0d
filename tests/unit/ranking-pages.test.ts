import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRankingPage, loadedRows, nextPageOffset, RANKING_PAGE_SIZE } from '../../web/shared/ranking/api/ranking-pages';
import { rowDelay } from '../../web/shared/ranking/row-delay';

const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i, position: from + i }));

afterEach(() => vi.unstubAllGlobals());

describe('a ranking read page by page', () => {
  it('asks for the next page while rows are left, and stops at the full count', () => {
    expect(nextPageOffset({ entries: rows(1, 100), total: 250, offset: 0 })).toBe(100);
    expect(nextPageOffset({ entries: rows(201, 50), total: 250, offset: 200 })).toBeUndefined();
    expect(nextPageOffset({ entries: rows(1, 100), total: 100, offset: 0 })).toBeUndefined();
    // A ranking that shrank under the screen: an empty page ends it.
    expect(nextPageOffset({ entries: [], total: 300, offset: 300 })).toBeUndefined();
  });

  it('shows the loaded pages as one list, a row that moved to the next page once, with the latest count', () => {
    const { entries, total } = loadedRows(
      [
        { entries: rows(1, 3), total: 6, offset: 0 },
        { entries: [{ id: 3, position: 4 }, ...rows(4, 2)], total: 7, offset: 3 },
      ],
      (entry) => entry.id,
    );
    expect(entries.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    expect(total).toBe(7);
  });

  it('sends limit and offset with the filters and reads the full count from X-Total-Count', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(rows(101, 2)), { status: 200, headers: { 'X-Total-Count': '102' } }));
    vi.stubGlobal('fetch', fetch);
    const page = await getRankingPage('/api/ranking', new URLSearchParams({ questionGroupId: '7' }), 100);
    expect(fetch).toHaveBeenCalledWith(`/api/ranking?questionGroupId=7&limit=${RANKING_PAGE_SIZE}&offset=100`, expect.anything());
    expect(page).toEqual({ entries: rows(101, 2), total: 102, offset: 100 });
  });

  it('animates each row 0.05 s after the one above it, counted from the top of its page, for at most 0.95 s', () => {
    expect(rowDelay(1)).toBe('0s');
    expect(rowDelay(3)).toBe('0.1s');
    expect(rowDelay(20)).toBe('0.95s');
    expect(rowDelay(90)).toBe('0.95s');
    expect(rowDelay(RANKING_PAGE_SIZE + 1)).toBe('0s');
  });
});
