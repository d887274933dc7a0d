import { siteName, type ActivityHour } from '../../../contract';
import type { Column } from './column-chart';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Past this many hours from the first round to the last, the chart counts days: a column per hour would be a smear. */
export const MOST_HOURLY_COLUMNS = 240;

/** 'YYYY-MM-DDTHH:00' on the event's clock as a count of ms, read as if UTC (arithmetic on the clock's own labels). */
const clockMs = (hour: string) => Date.parse(`${hour}:00Z`);
const two = (n: number) => String(n).padStart(2, '0');


/**
 * The timeline as columns of rounds, every site together: one per hour from the first hour with
 * rounds to the last, the silent hours between them as zeros (a booth's silence is what the chart
 * is for), or one per day past MOST_HOURLY_COLUMNS hours. Each column's detail names the sites' rounds.
 */
export function timelineColumns(timeline: ActivityHour[]): { unit: 'hora' | 'día'; columns: Column[] } {
  if (timeline.length === 0) return { unit: 'hora', columns: [] };
  const first = clockMs(timeline[0]!.hour);
  const last = clockMs(timeline[timeline.length - 1]!.hour);
  const byDay = (last - first) / HOUR_MS + 1 > MOST_HOURLY_COLUMNS;
  const step = byDay ? DAY_MS : HOUR_MS;
  const start = byDay ? first - (first % DAY_MS) : first;
  const slot = (ms: number) => Math.floor((ms - start) / step);

  const sites = new Map<number, Map<number | null, { name: string; rounds: number }>>();
  for (const hour of timeline) {
    const index = slot(clockMs(hour.hour));
    const counts = sites.get(index) ?? new Map<number | null, { name: string; rounds: number }>();
    const site = counts.get(hour.locationId) ?? { name: siteName(hour.site), rounds: 0 };
    counts.set(hour.locationId, { ...site, rounds: site.rounds + hour.rounds });
    sites.set(index, counts);
  }
  const columns: Column[] = [];
  for (let index = 0; index <= slot(last); index++) {
    const at = new Date(start + index * step);
    const day = `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}`;
    const counts = [...(sites.get(index)?.values() ?? [])];
    columns.push({
      label: byDay ? day : `${day} ${two(at.getUTCHours())}h`,
      value: counts.reduce((sum, site) => sum + site.rounds, 0),
      detail: counts.length > 0 ? counts.map((site) => `${site.name}: ${site.rounds}`).join(' · ') : undefined,
    });
  }
  return { unit: byDay ? 'día' : 'hora', columns };
}
