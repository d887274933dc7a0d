/**
 * Where a stored picture's variants are, and which one to show: shared by the server, the admin
 * screens and the player (no schema here, so the player's script stays small).
 */

/** The service worker's cache of pictures (sw/caching.ts), which a kiosk fills ahead for offline play. */
export const PICTURE_CACHE_NAME = 'pictures-v1';

/** The widths a picture is stored in, at most (a smaller picture stops at its own width). */
export const PICTURE_WIDTHS = [400, 800, 1200] as const;
/** The formats each width is stored in, the browser taking the first it can show. */
export const PICTURE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** PUT {uploadUrl} reply (201): the stored picture, to place in a question or an answer. */
export interface Picture {
  name: string;
  /** Of the largest width stored (at most the last of PICTURE_WIDTHS), in pixels. */
  width: number;
  height: number;
}

/** A picture placed in a question or an answer, with the text that stands for it. */
export interface PlacedPicture extends Picture {
  alt: string;
}

/** The widths a picture of `width` pixels is stored in. */
export const pictureWidths = (width: number): number[] => [...PICTURE_WIDTHS.filter((w) => w < width), width];

/** The path of one stored variant. */
export const picturePath = (name: string, width: number, format: PictureFormat) => `/api/pictures/${name}-${width}.${format}`;

/** The stored width to show a picture `cssWidth` CSS pixels wide at `pixelRatio`: the smallest that is enough, else the largest. */
export function pictureWidthFor(picture: Picture, cssWidth: number, pixelRatio: number): number {
  const widths = pictureWidths(picture.width);
  const needed = cssWidth * Math.min(pixelRatio, 2);
  return widths.find((w) => w >= needed) ?? widths[widths.length - 1]!;
}
