import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { format } from 'date-fns';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { csvLine, formulaSafe } from '../../api/platform/lib/csv-text';
import { localTimeFormatter } from '../../api/results/exports/local-time';

/** The characters that matter to CSV and to formula injection, mixed with plain text. */
const tricky = fc.string({ unit: fc.constantFrom('a', 'ñ', ' ', '=', '+', '-', '@', '"', ',', ';', '\t', '\r', '\n', '\u2028', '\u2029', '1') });
const cell = fc.oneof(tricky, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null));

describe('csvLine', () => {
  it('writes what csv-stringify writes for the formula-safe cells (RFC 4180, CRLF, semicolons quoted)', () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 6 }), (row) => {
        const expected = stringify([row.map((value) => formulaSafe(value))], { record_delimiter: 'windows', quoted_match: /;/ });
        expect(csvLine(row)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a question's line breaks, quoted, and the import's parser reads every cell back (the question export)", () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 2, maxLength: 6 }), (row) => {
        const [record] = parse(csvLine(row, 'kept'), { relax_column_count: true, skip_empty_lines: false });
        expect(record).toEqual(row.map((value) => String(formulaSafe(value, 'kept'))));
      }),
      { numRuns: 2000 },
    );
  });

  it('never lets a cell start a line or a formula', () => {
    expect(csvLine(['=1+2', ' @SUM(A1)', 'Ana\n=cmd', 'a;b', 'di "hola"', 7, null])).toBe(
      `'=1+2,' @SUM(A1),Ana =cmd,"a;b","di ""hola""",7,\r\n`,
    );
  });
});

describe('localTimeFormatter', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // Zones with summer time on either hemisphere, half- and quarter-hour offsets, and none.
  it.each(['UTC', 'Europe/Madrid', 'America/Bogota', 'America/Santiago', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe'])(
    'writes what date-fns writes in %s, across its offset changes',
    (name) => {
      process.env.TZ = name;
      expect(new Date(Date.UTC(2026, 6, 1)).getTimezoneOffset() !== 0).toBe(name !== 'UTC'); // the zone took effect
      const when = localTimeFormatter(name);
      fc.assert(
        fc.property(fc.integer({ min: Date.UTC(1990, 0, 1) / 1000, max: Date.UTC(2040, 0, 1) / 1000 }), (seconds) => {
          expect(when(seconds)).toBe(format(new Date(seconds * 1000), 'yyyy-MM-dd HH:mm:ss'));
        }),
        { numRuns: 3000 },
      );
      // Each second around this zone's offset changes in 2026.
      for (let s = Date.UTC(2026, 0, 1) / 1000; s < Date.UTC(2027, 0, 1) / 1000; s += 3600) {
        const before = new Date(s * 1000).getTimezoneOffset();
        if (new Date((s + 3600) * 1000).getTimezoneOffset() === before) continue;
        for (let t = s; t <= s + 3600; t += 1) expect(when(t)).toBe(format(new Date(t * 1000), 'yyyy-MM-dd HH:mm:ss'));
      }
    },
  );
});
