import { createContext, useContext, type ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { useCompanies } from '../companies/api/get-companies';
import { useServerTimeZone } from './server-time-zone';

/**
 * The time zone the admin screens show times in (docs/decisions.md, "Time zones"): inside an
 * `EventTimeZone`, its company's choice; elsewhere (players, merges: nobody's event), the server's.
 * Undefined while the choice loads: times then show nothing rather than switch zone under the reader.
 */
const ZoneContext = createContext<{ zone: string | undefined } | null>(null);

/** Times below it are shown in the zone of this company's events (`companyId` undefined: not known yet). */
export function EventTimeZone({ companyId, children }: { companyId: number | undefined; children: ReactNode }) {
  const companies = useCompanies();
  const server = useServerTimeZone();
  const company = companies.data?.find((c) => c.id === companyId);
  const known = companyId !== undefined && !companies.isPending;
  const zone = company ? (company.timeZone ?? server) : known ? server : undefined;
  return <ZoneContext.Provider value={{ zone }}>{children}</ZoneContext.Provider>;
}

export function useTimeZone(): string | undefined {
  const event = useContext(ZoneContext);
  const server = useServerTimeZone();
  return event ? event.zone : server;
}

/** An instant as the admin screens show it: in the screen's zone, with its offset when that is not the reader's own. */
export function DateTime({ value }: { value: string | Date }) {
  const zone = useTimeZone();
  const iso = typeof value === 'string' ? value : value.toISOString();
  return (
    <time dateTime={iso} title={zone}>
      {zone ? formatDateTime(value, zone) : ''}
    </time>
  );
}
