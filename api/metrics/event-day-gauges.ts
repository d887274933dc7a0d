import { Counter, Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { rankingCache } from '../results/ranking/ranking-cache';
import { readEventDayFigures, type EventDayFigures } from './event-day-figures';

/**
 * How old the database's figures may be when scraped. Every scrape within it (from any number of
 * scrapers, or a flood of refused-then-retried ones) shares one read, so scraping costs the
 * database at most one read per process in this time, however often it comes.
 */
export const EVENT_DAY_FIGURES_MAX_AGE_MS = 5_000;

/**
 * The gauges computed from the database when scraped (api/metrics/event-day-figures.ts): results
 * held for review by reason, kiosks in service and silent. A read that fails (PostgreSQL down)
 * leaves them out of that scrape rather than showing old figures as current, and is counted.
 */
export function registerEventDayGauges(registry: Registry, dataSource: DataSource): void {
  const registers = [registry];
  const failures = new Counter({
    name: 'trivia_event_figures_read_failures_total',
    help: 'Scrapes whose read of the held results and kiosks from PostgreSQL failed (those gauges were left out).',
    registers,
  });
  // One entry, kept for the figures' age; concurrent scrapes share the read in flight.
  const cache = rankingCache<EventDayFigures | undefined>({ keepMs: EVENT_DAY_FIGURES_MAX_AGE_MS, maxEntries: 1, maxSize: 1 }, () => 0);
  const figures = () =>
    cache('figures', EVENT_DAY_FIGURES_MAX_AGE_MS, () =>
      readEventDayFigures(dataSource.manager).catch(() => {
        failures.inc();
        return undefined;
      }),
    );

  const gauge = <L extends string>(name: string, help: string, labelNames: L[], show: (gauge: Gauge<L>, read: EventDayFigures) => void) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const read = await figures();
        this.reset();
        if (read) show(this, read);
      },
    });
  gauge('trivia_results_held', 'Completed results held for review and not yet decided, by reason (all processes: read from PostgreSQL).', ['reason'], (held, read) => {
    for (const [reason, count] of Object.entries(read.heldByReason)) held.set({ reason }, count);
  });
  gauge('trivia_kiosks_in_service', 'Set-up kiosks in service now (all processes: read from PostgreSQL).', [], (kiosks, read) => kiosks.set(read.kiosksInService));
  gauge('trivia_kiosks_silent', 'Kiosks in service and silent for over an hour of it, as the staff panel flags them offline.', [], (kiosks, read) => kiosks.set(read.kiosksSilent));
}
