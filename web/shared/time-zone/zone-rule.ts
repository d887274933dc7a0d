import { eventTimeZone } from '../../../contract';

/**
 * Which time zone an admin screen shows an instant in (docs/decisions.md, "Time zones"). The one
 * owner of that rule; `EventTimeZone` and `DateTime` (event-time-zone.tsx) apply it. A company's
 * instant takes its event's zone, the contract's `eventTimeZone`, as the server's times do.
 */

/** What the rule needs of a company: its id and the zone it chose (null: the server's). */
export interface ZonedCompany {
  id: number;
  timeZone: string | null;
}

/**
 * The installation's zone, for an instant that belongs to no one company (a merge, an erasure, a
 * name change, the phones' last result, a page's check time): the zone the companies chose for
 * their events (those that chose none, like the demo company, have no say); when they chose
 * different ones, the one most of them chose (on a tie, the earliest created company's); the
 * server's only when no company chose one.
 */
export function installationTimeZone(companies: readonly ZonedCompany[], serverTimeZone: string): string {
  const uses = new Map<string, { count: number; firstId: number }>();
  for (const { id, timeZone } of companies) {
    if (timeZone === null) continue;
    const use = uses.get(timeZone);
    uses.set(timeZone, { count: (use?.count ?? 0) + 1, firstId: Math.min(use?.firstId ?? id, id) });
  }
  let chosen: [string, { count: number; firstId: number }] | undefined;
  for (const entry of uses) {
    if (!chosen || entry[1].count > chosen[1].count || (entry[1].count === chosen[1].count && entry[1].firstId < chosen[1].firstId)) chosen = entry;
  }
  return chosen?.[0] ?? serverTimeZone;
}

/**
 * The zone of an instant: its company's when it belongs to one (`companyId`; a company no longer
 * listed counts as none), else the installation's.
 */
export function zoneOf(companyId: number | null, companies: readonly ZonedCompany[], serverTimeZone: string): string {
  const company = companyId === null ? undefined : companies.find((c) => c.id === companyId);
  return company ? eventTimeZone(company.timeZone, serverTimeZone) : installationTimeZone(companies, serverTimeZone);
}
