import { zoneOffsetSeconds } from '../../platform/lib/time-zone';

/**
 * 'yyyy-MM-dd HH:mm:ss' in the event's time zone for a Unix time in whole seconds, as date-fns'
 * `format` writes it, at a fraction of the cost: a million-row export writes two a row, and
 * building a Date for each (and asking it for its zone's offset) was one of its largest costs.
 * The zone's offset is asked once per quarter hour of UTC (every zone changes its offset on a
 * quarter hour) and kept by the formatter; the calendar date is integer arithmetic
 * (days from civil, H. Hinnant).
 */
const QUARTER_HOUR_S = 900;
const DAY_S = 86_400;

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The civil date (proleptic Gregorian) of a count of days since 1970-01-01. */
function civilDate(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
}

/** A formatter of Unix seconds as date and time in `timeZone`; one per export (its offset cache lives with it). */
export function localTimeFormatter(timeZone: string): (unixSeconds: number) => string {
  const offsets = new Map<number, number>();
  return (unixSeconds) => {
    const quarter = Math.floor(unixSeconds / QUARTER_HOUR_S);
    let offsetS = offsets.get(quarter);
    if (offsetS === undefined) {
      offsetS = zoneOffsetSeconds(timeZone, quarter * QUARTER_HOUR_S * 1000);
      offsets.set(quarter, offsetS);
    }
    const local = Math.floor(unixSeconds) + offsetS;
    const days = Math.floor(local / DAY_S);
    const s = local - days * DAY_S;
    return `${civilDate(days)} ${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  };
}
