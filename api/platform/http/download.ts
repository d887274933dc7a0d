import type { Context } from 'koa';
import type { QuestionExportFormat } from '../../../contract';

/** Characters no file system takes in a file name: made `_` (control characters too, below). */
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|]/g;
const safeFileName = (name: string) =>
  [...name.replace(UNSAFE_IN_FILE_NAMES, '_')].map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? '_' : c)).join('');

/**
 * The Content-Disposition of a download (RFC 6266): `filename*` carries the name as written,
 * accents kept (UTF-8, percent-encoded as RFC 5987 asks, with the few characters it leaves bare
 * encoded too); `filename` is the plain-ASCII name for clients that read only that one.
 */
export function attachment(name: string, asciiName: string): string {
  const exact = encodeURIComponent(safeFileName(name)).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiName.replace(/["\\]/g, '_')}"; filename*=UTF-8''${exact}`;
}

/** What each spreadsheet format is served as (a ZIP holds a workbook and its pictures). */
const SHEET_CONTENT_TYPES: Record<QuestionExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** Replies with a whole spreadsheet file (CSV, XLSX, or a ZIP of one with its pictures) named `baseName.format`, accents kept where the client reads them. */
export function sendSheetFile(ctx: Context, baseName: string, format: QuestionExportFormat, bytes: Buffer): void {
  const name = `${baseName}.${format}`;
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/[;]/g, '_');
  ctx.set('Content-Type', SHEET_CONTENT_TYPES[format]);
  ctx.set('Content-Disposition', attachment(name, ascii));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = bytes;
}
