/** The filters that are set, as a query string (undefined ones left out). */
export function searchOf(filters: Record<string, string | number | undefined>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, String(value));
  return query;
}
