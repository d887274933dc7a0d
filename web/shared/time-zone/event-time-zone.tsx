import { createContext, useContext, type ReactNode } from 'react';
import { formatDateTime, timeZoneLabel } from '../../lib/format';
import { useCompanies } from '../companies/api/get-companies';
import { useServerTimeZone } from './server-time-zone';
import { zoneOf } from './zone-rule';

/**
 * The company whose events the instants below belong to (zone-rule.ts decides their zone): set by
 * `EventTimeZone`; `undefined`: its company is not known yet; absent: the instants belong to no one
 * company (players, merges, name changes), so they show in the installation's zone.
 */
const CompanyContext = createContext<{ companyId: number | null | undefined } | null>(null);

/** Times below it belong to this company's events (`companyId` undefined: not known yet; null: no one company's). */
export function EventTimeZone({ companyId, children }: { companyId: number | null | undefined; children: ReactNode }) {
  return <CompanyContext.Provider value={{ companyId }}>{children}</CompanyContext.Provider>;
}

/**
 * The zone the instants of this part of the screen show in (zone-rule.ts). Undefined while the
 * companies or the server's zone load: times then show nothing rather than switch zone under the
 * reader.
 */
export function useTimeZone(): string | undefined {
  const owner = useContext(CompanyContext);
  const companies = useCompanies();
  const server = useServerTimeZone();
  const companyId = owner ? owner.companyId : null;
  // Companies that cannot be read leave the server's zone, rather than times that never show.
  const list = companies.data ?? (companies.isError ? [] : undefined);
  if (!server || !list || companyId === undefined) return undefined;
  return zoneOf(companyId, list, server);
}

/**
 * An instant as every admin screen shows it: '5 de dic de 2026, 20:18' in its zone (useTimeZone),
 * with the zone's offset when that is not the reader's own, and the zone's name as its tooltip.
 */
export function DateTime({ value }: { value: string | Date }) {
  const zone = useTimeZone();
  const iso = typeof value === 'string' ? value : value.toISOString();
  return (
    <time dateTime={iso} title={zone && timeZoneLabel(zone, value)}>
      {zone ? formatDateTime(value, zone) : ''}
    </time>
  );
}
