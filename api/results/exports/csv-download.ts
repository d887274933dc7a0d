import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { attachment } from '../../platform/http/download';
import { csvLine, type Cell } from '../../platform/lib/csv-text';
import { zonedDay } from '../../platform/lib/time-zone';

/** An export's plain-ASCII file name: the name with anything but letters, digits, - and _ made _, and the day. */
export function exportFileName(prefix: string, name: string, day: string): string {
  return `${prefix}_${name.replace(/[^A-Za-z0-9_-]/g, '_')}_${day}.csv`;
}

/** The same file name as written (accents and spaces kept), for clients that read `filename*`. */
export function exportFileNameAsWritten(prefix: string, name: string, day: string): string {
  return `${prefix}_${name.trim()}_${day}.csv`;
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
 * every cell (header included) formula-safe and on one line (api/platform/lib/csv-text.ts, the one writer). Each page of rows becomes one string
 * written when the client has taken the previous one (the body is a stream that reads the next
 * page only when asked), so memory stays flat however long the file.
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
