/**
 * A calendar day `offset` days from today, as the API's dates are written (YYYY-MM-DD). A test's
 * campaign that must hold rounds played "now" runs from calendarDay(-1) to calendarDay(1): a run
 * that crosses midnight, or a company whose zone is a day off UTC, still finds its rounds inside.
 */
export const calendarDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
