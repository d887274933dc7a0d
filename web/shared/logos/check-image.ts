import { IMAGE_MIME_TYPES, LOGO_MAX_BYTES, LOGO_NOT_IMAGE_MESSAGE, LOGO_TOO_LARGE_MESSAGE } from '../../../contract';
import { fileProblem } from '../uploads/file-problem';

/** The image types the server accepts (it checks the bytes again). */
export const ACCEPTED_IMAGE_TYPES = IMAGE_MIME_TYPES;

/** The client-side checks: an image of IMAGE_FORMATS, at most LOGO_MAX_BYTES. Returns the message to show, or null. */
export const imageFileProblem = (file: File): string | null =>
  fileProblem(file, { types: ACCEPTED_IMAGE_TYPES, maxBytes: LOGO_MAX_BYTES, notAccepted: LOGO_NOT_IMAGE_MESSAGE, tooLarge: LOGO_TOO_LARGE_MESSAGE });

/** A logo URL with a cache-busting parameter, so a replaced logo shows at once. */
export const withCacheBust = (url: string, version: number) => `${url}${url.includes('?') ? '&' : '?'}t=${version}`;
