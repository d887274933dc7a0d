import { isFormulaLike, markFormulaLike } from './formula-text';

/**
 * The one CSV writer (RFC 4180): the exports' and the question export's. Hand-written because it
 * is the hot loop of a million-row export: against csv-stringify on the score export's rows it
 * wrote 1,000,000 rows in about 4 s where csv-stringify took about 26 s (docs/benchmarks.md). The
 * unit tests hold it to csv-stringify's output (flat) and to the import's parser (kept).
 */
export type Cell = string | number | null;

/**
 * Line breaks (CRLF, CR, LF, vertical tab, form feed, next line, the Unicode line and paragraph
 * separators) and tabs: in a flat file each becomes a space, so no cell text ever starts a physical
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
 * Cells with a quote or a comma are quoted, inner quotes doubled; so are cells with a semicolon, so
 * a spreadsheet that splits on `;` (Spanish locales) keeps them whole; and, in a file that keeps
 * line breaks, cells with one.
 */
const NEEDS_QUOTES = /[",;]/;
const NEEDS_QUOTES_WITH_BREAKS = /[",;\r\n]/;
const QUOTE = /"/g;

/**
 * How line breaks inside a cell are written: 'flat' (the exports: each becomes a space, a row is
 * one line) or 'kept' (the question export: a question's line breaks survive, quoted, and the
 * import reads them back).
 */
export type LineBreaks = 'flat' | 'kept';

/**
 * A cell value no spreadsheet will run, that still reads as written: line breaks inside it become
 * spaces (flat), then formula-like text gets a leading apostrophe (`markFormulaLike`, the one rule
 * of api/platform/lib/formula-text.ts). Numbers are left as numbers.
 */
export function formulaSafe(value: Cell, breaks: LineBreaks = 'flat'): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return markFormulaLike(breaks === 'flat' ? value.replace(BREAKS_AND_TABS, ' ') : value);
}

/** One cell as written in the file: formula-safe, quoted when it must be. */
export function csvCell(value: Cell, breaks: LineBreaks = 'flat'): string {
  if (typeof value === 'number') return String(value);
  if (value === null) return '';
  if (!MAY_NEED_QUOTES_OR_BREAKS.test(value) && !isFormulaLike(value)) return value;
  const safe = formulaSafe(value, breaks) as string;
  return (breaks === 'flat' ? NEEDS_QUOTES : NEEDS_QUOTES_WITH_BREAKS).test(safe) ? `"${safe.replace(QUOTE, '""')}"` : safe;
}

/** One record: its cells joined by commas, ended by CRLF. */
export function csvLine(row: readonly Cell[], breaks: LineBreaks = 'flat'): string {
  let line = '';
  for (let i = 0; i < row.length; i++) line += (i ? ',' : '') + csvCell(row[i]!, breaks);
  return `${line}\r\n`;
}

/** A whole file: UTF-8 with a byte-order mark (spreadsheets then show accents), one record a row. */
export function csvFile(rows: readonly (readonly Cell[])[], breaks: LineBreaks = 'flat'): Buffer {
  let text = '\ufeff';
  for (const row of rows) text += csvLine(row, breaks);
  return Buffer.from(text, 'utf-8');
}
