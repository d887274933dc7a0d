import { fileTypeFromBuffer } from 'file-type';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, type ImportFormat } from '../../../contract';
import { AppError, badRequest } from '../../platform/http/errors';
import { readCsv } from './read-csv';
import type { SheetGrid } from './sheet';
import { checkUnpackedSize } from './zip-guard';

const NOT_A_SPREADSHEET = 'El archivo no es una hoja de cálculo CSV o XLSX';
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLD_XLS_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
/** Control bytes no text file holds: all below a space but tab, line feed and carriage return. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0d]);
const hasBinaryBytes = (bytes: Buffer) => bytes.some((byte) => byte < 0x20 && !TEXT_CONTROLS.has(byte));

const unsupported = (message = NOT_A_SPREADSHEET) => badRequest(message, { code: 'import_file_unsupported' });

/**
 * Text of a CSV file: UTF-8 (with or without a BOM), or Windows-1252 as Excel's "CSV" writes it in
 * Spanish locales. Bytes no text file holds make it "not a spreadsheet".
 */
function csvText(bytes: Buffer): string {
  if (hasBinaryBytes(bytes)) throw unsupported();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Reads an uploaded file by its bytes, never by its name: an XLSX workbook (a ZIP archive whose
 * unpacked size is counted first) or CSV text (whose lines are counted first). Anything else (an old .xls, an image, a PDF) is a
 * 400 `import_file_unsupported`; over IMPORT_MAX_BYTES, a 413.
 */
export async function readSpreadsheet(bytes: Buffer): Promise<{ format: ImportFormat; grid: SheetGrid }> {
  if (bytes.length > IMPORT_MAX_BYTES) throw new AppError(413, IMPORT_TOO_LARGE_MESSAGE, { code: 'import_file_too_large' });
  if (bytes.length === 0) throw unsupported('El archivo está vacío');
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    await checkUnpackedSize(bytes);
    // The workbook reader (large) is loaded only for a workbook that passed the size check.
    const { readXlsx } = await import('./read-xlsx');
    return { format: 'xlsx', grid: await readXlsx(bytes) };
  }
  if (bytes.subarray(0, 4).equals(OLD_XLS_MAGIC)) throw unsupported('Los archivos .xls antiguos no se admiten: guárdalo como .xlsx o .csv');
  if (await fileTypeFromBuffer(bytes)) throw unsupported();
  return { format: 'csv', grid: readCsv(csvText(bytes)) };
}
