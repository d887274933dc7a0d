import { createInflateRaw } from 'node:zlib';
import { AppError, badRequest } from '../../platform/http/errors';

/**
 * An XLSX file is a ZIP archive: refuse one that unpacks into more than this (a "zip bomb"). A
 * workbook of 500 questions with ten answers, every text at its longest, unpacks to 4.7 MB.
 */
export const XLSX_MAX_UNPACKED_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 2000;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** A size field of all ones: the real size is in a ZIP64 record, which no workbook of this size needs. */
const ZIP64_SIZE = 0xffffffff;

const unreadable = () => badRequest('El archivo no es un XLSX válido', { code: 'import_file_unsupported' });
const tooLarge = () => new AppError(413, 'El archivo XLSX es demasiado grande al descomprimirlo', { code: 'import_file_too_large' });

/** The offset of the end-of-central-directory record, searched from the end (a comment may follow it). */
function endOfDirectory(bytes: Buffer): number {
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) return i;
  }
  throw unreadable();
}

/** The compressed bytes of the entry whose local header is at `offset`, as the workbook reader will slice them. */
function entryData(bytes: Buffer, offset: number, compressedSize: number): Buffer {
  if (offset + 30 > bytes.length || bytes.readUInt32LE(offset) !== LOCAL_HEADER) throw unreadable();
  const start = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
  if (start + compressedSize > bytes.length) throw unreadable();
  return bytes.subarray(start, start + compressedSize);
}

/**
 * Unpacks every entry of the archive, counting the bytes it really yields (and keeping none), and
 * refuses the archive as soon as they pass XLSX_MAX_UNPACKED_BYTES. The sizes the archive declares
 * are never trusted: a file can claim 4 KB and inflate to 490 MB. Also refused: too many entries, a
 * method other than stored or deflated, ZIP64 sizes, or anything that cannot be read. Runs in the
 * import worker.
 */
export async function checkUnpackedSize(bytes: Buffer): Promise<void> {
  const end = endOfDirectory(bytes);
  const entries = bytes.readUInt16LE(end + 10);
  if (entries > MAX_ENTRIES) throw unreadable();
  let offset = bytes.readUInt32LE(end + 16);
  let left = XLSX_MAX_UNPACKED_BYTES;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw unreadable();
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    if (compressedSize === ZIP64_SIZE || bytes.readUInt32LE(offset + 24) === ZIP64_SIZE) throw unreadable();
    const data = entryData(bytes, bytes.readUInt32LE(offset + 42), compressedSize);
    if (method === STORED) left -= data.length;
    else if (method === DEFLATED) left -= await inflatedLength(data, left);
    else throw unreadable();
    if (left < 0) throw tooLarge();
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
}

/** How many bytes a deflated entry yields, counted as they stream out; refused once past `limit`. */
function inflatedLength(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let length = 0;
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflate.destroy();
        reject(tooLarge());
      }
    });
    inflate.once('end', () => resolve(length));
    inflate.once('error', () => reject(unreadable()));
    inflate.end(data);
  });
}
