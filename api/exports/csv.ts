import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { attachment } from '../http/download';
import { isFormulaLike, markFormulaLike } from '../lib/formula-text';
import { zonedDay } from '../lib/time-zone';

type Cell = string | number | null;

/**
 * Line breaks (CRLF, CR, LF, vertical tab, form feed, next line, the Unicode line and paragraph
 * separators) and tabs: inside a cell each becomes a space, so no cell text ever starts a physical
 * line of the file (a row is exactly one line) and a spreadsheet that also splits on tabs finds no
 * cell hidden in another.
 */
const BREAKS_AND_TABS = /\r\n|[\r\n\v\f\x85\u2028\u2029\t]/g;
/**
 * A quick first look, one test for most cells: text without a line break, tab, quote, comma or
 * semicolon that is not formula-like (`isFormulaLike`) is written as it is.
 */
const MAY_NEED_QUOTES_OR_BREAKS = /[\r\n\v\f\x85\u2028\u2029\t",;]/;

/**
 * A cell value no spreadsheet will run, that still reads as written: line breaks inside it become
 * spaces, then formula-like text gets a leading apostrophe (`markFormulaLike`, the one rule of
 * api/lib/formula-text.ts: `=`, `+`, `-`, `@` in any width, after any invisible characters).
 * Numbers are left as numbers.
 */
export function formulaSafe(value: Cell): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return markFormulaLike(value.replace(BREAKS_AND_TABS, ' '));
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
 * Cells with a quote or a comma are quoted (RFC 4180), inner quotes doubled; so are cells with a
 * semicolon, so a spreadsheet that splits on `;` (Spanish locales) keeps them whole.
 */
const NEEDS_QUOTES = /[",;]/;
const QUOTE = /"/g;

/** One cell as written in the file: formula-safe, on one line, quoted when it must be. */
export function csvCell(value: Cell): string {
  if (typeof value === 'number') return String(value);
  if (value === null) return '';
  if (!MAY_NEED_QUOTES_OR_BREAKS.test(value) && !isFormulaLike(value)) return value;
  const safe = formulaSafe(value) as string;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(QUOTE, '""')}"` : safe;
}

/** One record: its cells joined by commas, ended by CRLF. */
export function csvLine(row: readonly Cell[]): string {
  let line = '';
  for (let i = 0; i < row.length; i++) line += (i ? ',' : '') + csvCell(row[i]!);
  return `${line}\r\n`;
}

/** Rows gathered into pages of `size`, for sources that yield one row at a time. */
async function* inPages(rows: AsyncIterable<Cell[]>, size = 1000): AsyncGenerator<Cell[][]> {
  let page: Cell[][] = [];
  for await (const row of rows) {
    page.push(row);
    if (page.length === size) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/** What names a download: its kind, the trivia's or campaign's name, and the event's time zone (the file is named by the day there). */
export interface ExportFile {
  prefix: string;
  name: string;
  timeZone: string;
}

/**
 * Replies with a CSV download: UTF-8 with a BOM so spreadsheets show accents, RFC 4180 quoting,
 * every cell (header included) formula-safe and on one line. Each page of rows becomes one string
 * written when the client has taken the previous one (the body is a stream that reads the next
 * page only when asked), so memory stays flat however long the file. Only this module writes CSV cells.
 */
export function sendCsvPages(ctx: Context, file: ExportFile, header: Cell[], pages: AsyncIterable<Cell[][]>): void {
  const body = Readable.from(
    (async function* () {
      yield `\ufeff${csvLine(header)}`;
      for await (const page of pages) {
        let chunk = '';
        for (const row of page) chunk += csvLine(row);
        if (chunk) yield chunk;
      }
    })(),
    { objectMode: false },
  );
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  const day = zonedDay(file.timeZone);
  ctx.set('Content-Disposition', attachment(exportFileNameAsWritten(file.prefix, file.name, day), exportFileName(file.prefix, file.name, day)));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** `sendCsvPages` for a source that yields one row at a time. */
export function sendCsv(ctx: Context, file: ExportFile, header: Cell[], rows: AsyncIterable<Cell[]>): void {
  sendCsvPages(ctx, file, header, inPages(rows));
}
