import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_FORMATS, LOGO_NOT_IMAGE_MESSAGE, UPLOADED_LOGO_PATTERN } from '../../../contract';
import { serviceUnavailable, unsupportedMediaType } from '../../platform/http/errors';
import { uploadUrlUsed } from './signing';

/** The image kinds a logo may be, recognised by their first bytes (never by the claimed type). */
export const IMAGE_TYPES: Record<string, string> = Object.fromEntries(IMAGE_FORMATS.map((format) => [format.mime, format.ext]));
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(IMAGE_TYPES).map(([mime, ext]) => [ext, mime]));

export const UPLOADS_PREFIX = '/api/uploads/';
const STORED_NAME = /^[a-z0-9-]+\.(?:png|jpg|gif|webp|avif)$/;

/** How many logo uploads one process holds at once (their bodies being received or stored): at most this many logos' bytes in memory. */
export const LOGOS_IN_HAND = 4;
let inHand = 0;

/** 503 `upload_busy` when every place among the logo uploads in hand is taken. */
export function refuseWhenLogosBusy(): void {
  if (inHand >= LOGOS_IN_HAND) {
    throw serviceUnavailable('Hay demasiados archivos subiéndose a la vez. Inténtalo de nuevo en unos segundos.', { code: 'upload_busy' });
  }
}

/** A place among the logo uploads in hand, taken before an upload's bytes are read (503 as `refuseWhenLogosBusy`). The function returned gives it back (once). */
export function takeLogoPlace(): () => void {
  refuseWhenLogosBusy();
  inHand++;
  let held = true;
  return () => {
    if (held) inHand--;
    held = false;
  };
}

/** The extension of an image in one of IMAGE_FORMATS; 415 for anything else (SVG included). */
export async function imageExtension(bytes: Buffer): Promise<string> {
  const type = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
  const ext = type && IMAGE_TYPES[type.mime];
  if (!ext) throw unsupportedMediaType(LOGO_NOT_IMAGE_MESSAGE);
  return ext;
}

/** Writes a new upload's file, never over an existing one (409). Returns its public path. */
export async function storeUpload(uploadDir: string, objectName: string, ext: string, bytes: Buffer): Promise<string> {
  await mkdir(uploadDir, { recursive: true });
  const fileName = `${objectName}.${ext}`;
  try {
    await writeFile(path.join(uploadDir, fileName), bytes, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw uploadUrlUsed();
    throw error;
  }
  return `${UPLOADS_PREFIX}${fileName}`;
}

function fileOf(uploadDir: string, logoUrl: string | null | undefined): string | null {
  if (!logoUrl || !UPLOADED_LOGO_PATTERN.test(logoUrl)) return null;
  return path.join(uploadDir, logoUrl.slice(UPLOADS_PREFIX.length));
}

export async function uploadExists(uploadDir: string, logoUrl: string): Promise<boolean> {
  const file = fileOf(uploadDir, logoUrl);
  return file !== null && (await stat(file).then((s) => s.isFile(), () => false));
}

/** Removes a stored logo file; logos that are not uploads (or already gone) are left alone. */
export async function removeStoredLogo(uploadDir: string, logoUrl: string | null | undefined): Promise<void> {
  const file = fileOf(uploadDir, logoUrl);
  if (!file) return;
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** A stored image to serve, with its content type; null when the name is not one of ours or is missing. */
export async function openUpload(uploadDir: string, fileName: string) {
  if (!STORED_NAME.test(fileName)) return null;
  const file = path.join(uploadDir, fileName);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { stream: createReadStream(file), size: info.size, contentType: CONTENT_TYPES[fileName.split('.').pop()!]! };
}
