import { KIOSK_OFFLINE_AFTER_MS } from '../../../contract';
import { zonedDay } from '../../platform/lib/time-zone';
import { completionRange } from '../../standings/date-range';

/** A campaign's days, as stored ('YYYY-MM-DD', both included). */
export interface CampaignDays {
  startDate: string;
  endDate: string;
}

export interface KioskAttention {
  inService: boolean;
  offline: boolean;
  silentSince: Date;
}


/**
 * When the kiosk's current service began, or null when it is not in service now. With campaigns
 * (its trivia's), it is in service on the days of any campaign that includes today, from the
 * earliest such start; with none, it is in service all of today. The kiosk's silence is counted
 * from its setup at the earliest, so service begins at its setup. Days are the event's (its
 * company's time zone), as the campaign rankings read them.
 */
function serviceStart(now: Date, campaigns: CampaignDays[], timeZone: string): Date | null {
  if (campaigns.length === 0) return completionRange(zonedDay(timeZone, now), undefined, timeZone).from;
  const running = campaigns
    .map((c) => completionRange(c.startDate, c.endDate, timeZone))
    .filter(({ from, to }) => from !== null && to !== null && from <= now && now < to)
    .map(({ from }) => (from as Date).getTime());
  if (running.length === 0) return null;
  return new Date(Math.min(...running));
}

/**
 * Whether a kiosk needs attention: it is offline when it is in service and has been silent (no
 * new mutation since its last sign of life: last seen, else its setup) for more than an hour of
 * that service. A kiosk silent since last night is flagged one hour into today's service.
 */
export function kioskAttention(input: { now: Date; setupAt: Date; lastSeenAt: Date | null; campaigns: CampaignDays[]; timeZone: string }): KioskAttention {
  const silentSince = input.lastSeenAt && input.lastSeenAt > input.setupAt ? input.lastSeenAt : input.setupAt;
  const start = serviceStart(input.now, input.campaigns, input.timeZone);
  if (!start) return { inService: false, offline: false, silentSince };
  const silentInService = input.now.getTime() - Math.max(silentSince.getTime(), start.getTime());
  return { inService: true, offline: silentInService > KIOSK_OFFLINE_AFTER_MS, silentSince };
}
