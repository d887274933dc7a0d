/**
 * The yyyy-MM-dd day `offsetDays` from now (UTC), as date fields and the API take days. A test's
 * campaign that must hold rounds played "now" runs from isoDay(-1) to isoDay(1): a run that crosses
 * midnight, or a company whose zone is a day off UTC, still finds its rounds inside.
 */
export const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
