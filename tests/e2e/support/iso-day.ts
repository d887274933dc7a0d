/** The yyyy-MM-dd day `offsetDays` from now (UTC), as date fields and the API take days. */
export const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
