import { PassThrough, pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { format } from 'date-fns';
import type { Context } from 'koa';
import { attachment } from '../http/download';

type Cell = string | number | null;

/**
 * Line breaks (CRLF, CR, LF, the Unicode line and paragraph separators) and tabs: inside a cell each
 * becomes a space, so no cell text ever starts a physical line of the file (a row is exactly one
 * line) and a spreadsheet that also splits on tabs finds no cell hidden in another.
 */
const BREAKS_AND_TABS = /\r\n|[\r\n\u2028\u2029\t]/g;
/**
 * Text a spreadsheet would read as a formula (OWASP "CSV injection"): `=`, `+`, `-`, `@` first,
 * also after leading blanks (some spreadsheets trim them on import). Tab and CR first are covered
 * too: both are made spaces before this check.
 */
const FORMULA_START = /^ *[=+\-@]/;
/** Cells with a semicolon are quoted, so a spreadsheet that splits on `;` (Spanish locales) keeps them whole. */
const SEMICOLON = /;/;

/**
 * A cell value no spreadsheet will run, that still reads as written: line breaks inside it become
 * spaces, then text that starts like a formula gets a leading apostrophe (the spreadsheet's own
 * "this is text" mark). Numbers are left as numbers.
 */
export function formulaSafe(value: Cell): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  const oneLine = value.replace(BREAKS_AND_TABS, ' ');
  return FORMULA_START.test(oneLine) ? `'${oneLine}` : oneLine;
}

/** An export's plain-ASCII file name: the name with anything but letters, digits, - and _ made _, and the day. */
export function exportFileName(prefix: string, name: string, day: string): string {
  return `${prefix}_${name.replace(/[^A-Za-z0-9_-]/g, '_')}_${day}.csv`;
}

/** The same file name as written (accents and spaces kept), for clients that read `filename*`. */
export function exportFileNameAsWritten(prefix: string, name: string, day: string): string {
  return `${prefix}_${name.trim()}_${day}.csv`;
}

/**
 * Replies with a CSV download: UTF-8 with a BOM so spreadsheets show accents, RFC 4180 quoting,
 * every cell (header included) formula-safe and on one line, rows streamed as they are read.
 * Only this module writes CSV cells.
 */
export function sendCsv(ctx: Context, file: { prefix: string; name: string }, header: Cell[], rows: AsyncIterable<Cell[]>): void {
  const records = Readable.from(
    (async function* () {
      yield header.map(formulaSafe);
      for await (const row of rows) yield row.map(formulaSafe);
    })(),
  );
  const csv = stringify({ bom: true, record_delimiter: 'windows', quoted_match: SEMICOLON });
  const body = new PassThrough();
  pipeline(records, csv, body, (error) => {
    if (error) body.destroy(error);
  });
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  const day = format(new Date(), 'yyyy-MM-dd');
  ctx.set('Content-Disposition', attachment(exportFileNameAsWritten(file.prefix, file.name, day), exportFileName(file.prefix, file.name, day)));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}
