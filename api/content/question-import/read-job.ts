import type { ErrorCode, ImportFormat, ImportRow } from '../../../contract';
import { AppError } from '../../platform/http/errors';
import { readSpreadsheet } from './read-file';
import { readImportRows } from './rows';

/** What a reading job sends back across the thread: the rows, or the refusal as plain data. */
export type ReadOutcome =
  | { ok: true; format: ImportFormat; rows: ImportRow[] }
  | { ok: false; status: number; message: string; code: ErrorCode };

/** What a reading job is given: the file, and the pictures of the ZIP it came in (none when it came alone). */
export interface ReadJob {
  bytes: Uint8Array;
  pictureFiles?: readonly string[];
}

/**
 * One import file read into rows with their problems: the job the import workers run
 * (api/content/question-import/read-pool.ts). An AppError comes back as data, since an error crossing a
 * thread keeps only its message; anything else is a fault of the reader and is thrown.
 */
export default async function readImportFile({ bytes, pictureFiles }: ReadJob): Promise<ReadOutcome> {
  try {
    const { format, grid } = await readSpreadsheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { ok: true, format, rows: readImportRows(grid, pictureFiles) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, status: error.status, message: error.message, code: error.code };
    throw error;
  }
}
