/**
 * A computed ranking: the ids of its first rows (attempts or players), first place first, and how
 * many rows the whole ranking has. `ids` holds every row when its length is `total`.
 */
export interface RankedOrder {
  ids: Int32Array;
  /** Read from the trivia standings: the players of the listed attempts, the key a page reads the standings by. */
  keys?: Int32Array;
  total: number;
}

/** Reads the comma-separated ids a ranking statement lists (an empty text: no rows). */
export function parseIdList(text: string | null): Int32Array {
  if (!text) return new Int32Array(0);
  const parts = text.split(',');
  const ids = new Int32Array(parts.length);
  for (let i = 0; i < parts.length; i++) ids[i] = Number(parts[i]);
  return ids;
}

/** The ranking statements' answer: the total and the listed ids. */
export const rankedOrder = (row: { total: number; ids: string | null } | undefined): RankedOrder => ({
  ids: parseIdList(row?.ids ?? null),
  total: row?.total ?? 0,
});
