import { describe, expect, it } from 'vitest';
import type { TimelineSlot } from '../../contract';
import { timelineColumns } from '../../web/features/insights/timeline-columns';

/** A slot of the timeline at site `locationId` (named S1, S2…; null: no site). */
const slot = (start: string, locationId: number | null, rounds: number): TimelineSlot => ({ start, locationId, site: locationId === null ? null : `S${locationId}`, rounds });
const hours = (slots: TimelineSlot[]) => ({ unit: 'hour' as const, slots });

describe('timelineColumns', () => {
  it('gives every hour from the first round to the last a column, the silent ones as zeros, naming each site\'s rounds', () => {
    const { unit, columns } = timelineColumns(
      hours([
        slot('2026-05-01T10:00', 1, 6),
        slot('2026-05-01T10:00', 2, 1),
        slot('2026-05-01T13:00', 1, 4),
      ]),
    );
    expect(unit).toBe('hora');
    expect(columns).toEqual([
      { label: '01/05 10h', value: 7, detail: 'S1: 6 · S2: 1' },
      { label: '01/05 11h', value: 0, detail: undefined },
      { label: '01/05 12h', value: 0, detail: undefined },
      { label: '01/05 13h', value: 4, detail: 'S1: 4' },
    ]);
  });

  it('crosses midnight and month ends on the event\'s own clock', () => {
    const { columns } = timelineColumns(hours([slot('2026-04-30T23:00', null, 1), slot('2026-05-01T01:00', null, 2)]));
    expect(columns.map((c) => [c.label, c.value])).toEqual([['30/04 23h', 1], ['01/05 00h', 0], ['01/05 01h', 2]]);
  });

  it('gives every day a column when the server counted days', () => {
    const { unit, columns } = timelineColumns({
      unit: 'day',
      slots: [slot('2026-05-01T00:00', 1, 5), slot('2026-05-12T00:00', 2, 5)],
    });
    expect(unit).toBe('día');
    expect(columns).toHaveLength(12);
    expect(columns[0]).toEqual({ label: '01/05', value: 5, detail: 'S1: 5' });
    expect(columns[5]).toEqual({ label: '06/05', value: 0, detail: undefined });
    expect(columns[11]).toEqual({ label: '12/05', value: 5, detail: 'S2: 5' });
  });

  it('draws nothing for a trivia without rounds', () => {
    expect(timelineColumns(hours([]))).toEqual({ unit: 'hora', columns: [] });
  });
});
