import { siteName, type Timeline } from '../../../contract';
import type { Column } from './column-chart';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** 'YYYY-MM-DDTHH:00' on the event's clock as a count of ms, read as if UTC (arithmetic on the clock's own labels). */
const clockMs = (hour: string) => Date.parse(`${hour}:00Z`);
const two = (n: number) => String(n).padStart(2, '0');


/**
 * The timeline as columns of rounds, every site together: one per hour (or per day, as the server
 * counted them) from the first slot with rounds to the last, the silent ones between them as zeros
 * (a booth's silence is what the chart is for). Each column's detail names the sites' rounds.
 */
export function timelineColumns({ unit, slots }: Timeline): { unit: 'hora' | 'día'; columns: Column[] } {
  const byDay = unit === 'day';
  if (slots.length === 0) return { unit: byDay ? 'día' : 'hora', columns: [] };
  const first = clockMs(slots[0]!.start);
  const last = clockMs(slots[slots.length - 1]!.start);
  const step = byDay ? DAY_MS : HOUR_MS;
  const slot = (ms: number) => Math.floor((ms - first) / step);

  const sites = new Map<number, Map<number | null, { name: string; rounds: number }>>();
  for (const { start, locationId, site, rounds } of slots) {
    const index = slot(clockMs(start));
    const counts = sites.get(index) ?? new Map<number | null, { name: string; rounds: number }>();
    const counted = counts.get(locationId) ?? { name: siteName(site), rounds: 0 };
    counts.set(locationId, { ...counted, rounds: counted.rounds + rounds });
    sites.set(index, counts);
  }
  const columns: Column[] = [];
  for (let index = 0; index <= slot(last); index++) {
    const at = new Date(first + index * step);
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
