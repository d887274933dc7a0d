import { z } from 'zod';
import { MAX_ID } from './common';
import { IMAGE_FORMAT_NAMES, megabytes } from './image-formats';

export * from './picture-paths';

/**
 * Pictures in questions and answers (docs/pictures.md). An upload is stored once, named by its
 * content, and served in a few widths, each as AVIF, WebP and JPEG; a question or an answer points
 * at it by name, with its own alt text.
 */

/** The largest file an upload may be (a phone's photo fits). */
export const PICTURE_MAX_BYTES = 12 * 1024 * 1024;
export const PICTURE_TOO_LARGE_MESSAGE = `La imagen es muy grande. Máximo ${megabytes(PICTURE_MAX_BYTES)} permitido`;
export const PICTURE_NOT_IMAGE_MESSAGE = `El archivo no es una imagen ${IMAGE_FORMAT_NAMES}`;
/** Decoded, a picture may have at most this many pixels: a small file that unpacks to a huge image is refused. */
export const PICTURE_MAX_PIXELS = 40_000_000;
export const PICTURE_TOO_MANY_PIXELS_MESSAGE = 'La imagen tiene demasiados píxeles (máximo 40 megapíxeles)';
/** Neither side of a picture may be longer (a 1 × 39,000,000 strip is under the pixel limit, and no picture a player can see). */
export const PICTURE_MAX_SIDE = 16_384;
export const PICTURE_SIDE_TOO_LONG_MESSAGE = 'La imagen es demasiado ancha o alta (máximo 16.384 píxeles por lado)';
/** An animated image may have at most this many frames (its first is what is shown). */
export const PICTURE_MAX_FRAMES = 100;
export const PICTURE_TOO_MANY_FRAMES_MESSAGE = `La animación tiene demasiados cuadros (máximo ${PICTURE_MAX_FRAMES})`;
export const PICTURE_UNREADABLE_MESSAGE = 'No se pudo leer la imagen: el archivo está dañado o tarda demasiado en procesarse';
export const PICTURE_MISSING_MESSAGE = 'La imagen ya no existe: súbela de nuevo';
export const PICTURE_ALT_MAX = 250;
export const PICTURE_ALT_MISSING_MESSAGE = 'Escribe el texto alternativo de la imagen';

/** A stored picture's name: 'p' and 24 hex digits of its source's SHA-256. */
export const PICTURE_NAME_PATTERN = /^p[0-9a-f]{24}$/;

/** POST /api/pictures/upload-url: for a trivia (whose questions will use it). */
export const pictureUploadUrlSchema = z.strictObject({
  questionGroupId: z.number().int().min(1).max(MAX_ID),
});

/** How a question or an answer names its picture when saved: null removes it. */
export const placedPictureSchema = z.strictObject({
  name: z.string({ error: PICTURE_MISSING_MESSAGE }).regex(PICTURE_NAME_PATTERN, PICTURE_MISSING_MESSAGE),
  alt: z
    .string({ error: PICTURE_ALT_MISSING_MESSAGE })
    .trim()
    .min(1, PICTURE_ALT_MISSING_MESSAGE)
    .max(PICTURE_ALT_MAX, `Máximo ${PICTURE_ALT_MAX} caracteres`),
});
export type PlacedPictureInput = z.input<typeof placedPictureSchema>;
