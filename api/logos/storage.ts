import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { LOGO_MAX_BYTES, LOGO_NOT_IMAGE_MESSAGE, LOGO_TOO_LARGE_MESSAGE, UPLOADED_LOGO_PATTERN } from '../../contract';
import { payloadTooLarge, unsupportedMediaType } from '../errors';
import { uploadUrlUsed } from './signing';

/** The image kinds a logo may be, recognised by their first bytes (never by the claimed type). */
export const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(IMAGE_TYPES).map(([mime, ext]) => [ext, mime]));

export const UPLOADS_PREFIX = '/api/uploads/';
const STORED_NAME = /^[a-z0-9-]+\.(?:png|jpg|gif|webp)$/;

/** Reads a raw request body, refusing (413) anything over the limit (a logo's unless given) without buffering it. */
export function readImageBody(req: IncomingMessage, maxBytes = LOGO_MAX_BYTES, tooLarge = LOGO_TOO_LARGE_MESSAGE): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(payloadTooLarge(tooLarge));
  // A body sent as JSON was already read by the JSON parser: there are no image bytes left.
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off('data', onData);
        req.resume(); // let Node discard the rest while the 413 goes out
        reject(payloadTooLarge(tooLarge));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** The extension of a JPEG, PNG, GIF or WebP image; 415 for anything else (SVG included). */
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
