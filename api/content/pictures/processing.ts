import { createHash } from 'node:crypto';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import {
  PICTURE_FORMATS,
  PICTURE_MAX_FRAMES,
  PICTURE_MAX_PIXELS,
  PICTURE_MAX_SIDE,
  PICTURE_NOT_IMAGE_MESSAGE,
  PICTURE_SIDE_TOO_LONG_MESSAGE,
  PICTURE_TOO_MANY_FRAMES_MESSAGE,
  PICTURE_TOO_MANY_PIXELS_MESSAGE,
  PICTURE_UNREADABLE_MESSAGE,
  PICTURE_WIDTHS,
  pictureWidths,
  type PictureFormat,
} from '../../../contract';
import { AppError, serviceUnavailable, unprocessable, unsupportedMediaType } from '../../platform/http/errors';

/**
 * An upload turned into what players are served (docs/pictures.md): turned upright, cut to at most
 * the largest of PICTURE_WIDTHS, stored at each width as AVIF, WebP and JPEG, with no metadata (a
 * phone's EXIF, with its GPS, never leaves the server), and named by the source's content.
 *
 * libvips does the work on a thread of its own: the event loop only hears when it is done. Its
 * limits are its own too: the decoded size (pixels, and each side) is checked from the header
 * before the picture takes its turn and before any pixel is read (a small file that unpacks to a
 * huge image, or a 1 × 39,000,000 strip, is refused at once), and a picture that takes longer than
 * `PROCESS_SECONDS` is stopped by libvips itself. One picture at a time (a booth's requests keep
 * the cores), and a short queue behind it: a place in it is taken before the upload's bytes are
 * read (`takePicturePlace`), so a full queue refuses a body without reading it. A thread is never
 * killed in the middle of libvips: that can take the whole process down.
 */

/** The formats a source may be, as libvips names them. */
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const PROCESS_SECONDS = 20;
const MAX_WAITING = 4;
const ENCODERS: Record<PictureFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 70 }),
  jpg: (image) => image.jpeg({ quality: 75, mozjpeg: true }),
};

sharp.concurrency(1);
sharp.cache(false);

export interface ProcessedPicture {
  name: string;
  width: number;
  height: number;
  variants: { width: number; format: PictureFormat; bytes: Buffer }[];
}

/** 'p' and 24 hex digits of the source's SHA-256: the same upload is the same picture. */
export const pictureNameOf = (source: Buffer) => `p${createHash('sha256').update(source).digest('hex').slice(0, 24)}`;

/** Pictures in hand: being received, waiting for their turn, or processed. */
let inHand = 0;
let queue: Promise<unknown> = Promise.resolve();

/** 503 `picture_busy` when every place among the pictures in hand is taken (one processed, `MAX_WAITING` more received or waiting). */
export function refuseWhenPicturesBusy(): void {
  if (inHand >= 1 + MAX_WAITING) {
    throw serviceUnavailable('Hay demasiadas imágenes procesándose. Inténtalo de nuevo en unos segundos.', { code: 'picture_busy' });
  }
}

/**
 * A place among the pictures in hand, taken before an upload's bytes are read (503 as
 * `refuseWhenPicturesBusy`). The function returned gives it back (once), whatever became of the picture.
 */
export function takePicturePlace(): () => void {
  refuseWhenPicturesBusy();
  inHand++;
  let held = true;
  return () => {
    if (held) inHand--;
    held = false;
  };
}

/**
 * The picture's variants, for an upload holding a place (`takePicturePlace`): 415 when it is not
 * an image we take, 422 when its header says it is too big to decode (before it waits for its turn).
 */
export async function processPicture(source: Buffer): Promise<ProcessedPicture> {
  await checkHeader(source);
  const turn = queue.then(() => variantsOf(source));
  queue = turn.catch(() => undefined);
  return turn;
}

/** The checks a picture's header answers (type, frames, pixels, sides), nothing decoded. */
async function checkHeader(source: Buffer): Promise<void> {
  // Read from the header only; an empty or unknown file throws (synchronously for an empty one).
  const header = await Promise.resolve()
    .then(() => sharp(source, { failOn: 'error', limitInputPixels: false, animated: true }).metadata())
    .catch(() => {
      throw unsupportedMediaType(PICTURE_NOT_IMAGE_MESSAGE);
    });
  // HEIF only as AVIF: a phone's HEIC (HEVC) is not something the server can decode.
  const heicOnly = header.format === 'heif' && header.compression !== 'av1';
  if (!header.format || !SOURCE_FORMATS.has(header.format) || heicOnly) throw unsupportedMediaType(PICTURE_NOT_IMAGE_MESSAGE);
  if ((header.pages ?? 1) > PICTURE_MAX_FRAMES) throw unprocessable(PICTURE_TOO_MANY_FRAMES_MESSAGE, { code: 'picture_too_many_frames' });
  const frameHeight = header.pageHeight ?? header.height ?? 0;
  const width = header.width ?? 0;
  if (width > PICTURE_MAX_SIDE || frameHeight > PICTURE_MAX_SIDE) throw unprocessable(PICTURE_SIDE_TOO_LONG_MESSAGE, { code: 'picture_too_many_pixels' });
  if (width * frameHeight > PICTURE_MAX_PIXELS || !width || !frameHeight) {
    throw unprocessable(PICTURE_TOO_MANY_PIXELS_MESSAGE, { code: 'picture_too_many_pixels' });
  }
}

async function variantsOf(source: Buffer): Promise<ProcessedPicture> {
  const options: SharpOptions = { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' };
  try {
    // The first frame, upright, at most the largest width, as raw pixels every variant starts from.
    const largest = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1]!;
    const { data, info } = await sharp(source, { ...options, pages: 1 })
      .timeout({ seconds: PROCESS_SECONDS })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const variants: ProcessedPicture['variants'] = [];
    for (const width of pictureWidths(info.width)) {
      for (const format of PICTURE_FORMATS) {
        const resized = sharp(data, raw).timeout({ seconds: PROCESS_SECONDS }).resize({ width });
        // JPEG has no transparency: a transparent PNG shows on white, as on the player's cards.
        const flat = format === 'jpg' ? resized.flatten({ background: '#ffffff' }) : resized;
        variants.push({ width, format, bytes: await ENCODERS[format](flat).toBuffer() });
      }
    }
    return { name: pictureNameOf(source), width: info.width, height: info.height, variants };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unprocessable(PICTURE_UNREADABLE_MESSAGE, { code: 'picture_unreadable' });
  }
}
