/** A computed ranking: the ids of its rows (attempts or players), first place first. */
export type RankedOrder = Int32Array;

/** Reads the comma-separated ids a ranking statement aggregates (an empty text: no rows). */
export function parseIdList(text: string): RankedOrder {
  if (text === '') return new Int32Array(0);
  const parts = text.split(',');
  const ids = new Int32Array(parts.length);
  for (let i = 0; i < parts.length; i++) ids[i] = Number(parts[i]);
  return ids;
}
