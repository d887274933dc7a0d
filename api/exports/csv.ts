import { PassThrough, pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { format } from 'date-fns';
import type { Context } from 'koa';

type Cell = string | number | null;

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell value no spreadsheet will run: text starting like a formula gets a leading apostrophe. */
export function formulaSafe(value: Cell): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** An export's file name: the name with anything but letters, digits, - and _ made _, and the day. */
export function exportFileName(prefix: string, name: string, day: string): string {
  return `${prefix}_${name.replace(/[^A-Za-z0-9_-]/g, '_')}_${day}.csv`;
}

/**
 * Replies with a CSV download (api-contract.md, "Exports"): UTF-8 with a BOM so spreadsheets show
 * accents, RFC 4180 quoting, every cell (header included) formula-safe, rows streamed as they are read.
 */
export function sendCsv(ctx: Context, file: { prefix: string; name: string }, header: Cell[], rows: AsyncIterable<Cell[]>): void {
  const records = Readable.from(
    (async function* () {
      yield header.map(formulaSafe);
      for await (const row of rows) yield row.map(formulaSafe);
    })(),
  );
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  const body = new PassThrough();
  pipeline(records, csv, body, (error) => {
    if (error) body.destroy(error);
  });
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${exportFileName(file.prefix, file.name, format(new Date(), 'yyyy-MM-dd'))}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}
