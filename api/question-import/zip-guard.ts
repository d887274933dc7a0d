import { AppError, badRequest } from '../errors';

/** An XLSX file is a ZIP archive: refuse one that would unpack into more than this (a "zip bomb"). */
export const XLSX_MAX_UNPACKED_BYTES = 25 * 1024 * 1024;
const MAX_ENTRIES = 2000;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

const unreadable = () => badRequest('El archivo no es un XLSX válido', { code: 'import_file_unsupported' });

/**
 * Reads the archive's central directory (without unpacking anything) and refuses an archive whose
 * entries add up to more than XLSX_MAX_UNPACKED_BYTES, has too many entries, or cannot be read.
 */
export function checkZipSize(bytes: Buffer): void {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (entries > MAX_ENTRIES) throw unreadable();
  let unpacked = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw unreadable();
    unpacked += bytes.readUInt32LE(offset + 24);
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  if (unpacked > XLSX_MAX_UNPACKED_BYTES) {
    throw new AppError(413, 'El archivo XLSX es demasiado grande al descomprimirlo', { code: 'import_file_too_large' });
  }
}
