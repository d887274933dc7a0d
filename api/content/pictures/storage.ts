import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PICTURE_FORMATS, pictureWidths, type PictureFormat } from '../../../contract';
import type { ProcessedPicture } from './processing';

/** Pictures' variants live in their own folder of the upload directory: `<name>-<width>.<format>`. */
export const picturesDir = (uploadDir: string) => path.join(uploadDir, 'pictures');

const VARIANT_FILE = /^(p[0-9a-f]{24})-(\d{1,4})\.(avif|webp|jpg)$/;
const CONTENT_TYPES: Record<PictureFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** Writes a picture's variants (a picture is its content: writing one again writes the same bytes). */
export async function writeVariants(uploadDir: string, picture: ProcessedPicture): Promise<void> {
  const dir = picturesDir(uploadDir);
  await mkdir(dir, { recursive: true });
  for (const { width, format, bytes } of picture.variants) await writeFile(path.join(dir, `${picture.name}-${width}.${format}`), bytes);
}

/** Whether every variant of a picture of this size is on disk. */
export async function variantsStored(uploadDir: string, { name, width }: { name: string; width: number }): Promise<boolean> {
  const dir = picturesDir(uploadDir);
  const files = pictureWidths(width).flatMap((w) => PICTURE_FORMATS.map((format) => path.join(dir, `${name}-${w}.${format}`)));
  const found = await Promise.all(files.map((file) => stat(file).then((info) => info.isFile(), () => false)));
  return found.every(Boolean);
}

/** Removes the variants of pictures of these sizes (files already gone are fine). */
export async function removeVariants(uploadDir: string, pictures: { name: string; width: number }[]): Promise<void> {
  const dir = picturesDir(uploadDir);
  for (const { name, width } of pictures) {
    for (const w of pictureWidths(width)) {
      for (const format of PICTURE_FORMATS) {
        await unlink(path.join(dir, `${name}-${w}.${format}`)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
    }
  }
}

/** A stored variant to serve; null when the name is not one of ours or the file is missing. */
export async function openVariant(uploadDir: string, fileName: string) {
  const match = VARIANT_FILE.exec(fileName);
  if (!match) return null;
  const file = path.join(picturesDir(uploadDir), fileName);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { stream: createReadStream(file), size: info.size, contentType: CONTENT_TYPES[match[3] as PictureFormat] };
}
