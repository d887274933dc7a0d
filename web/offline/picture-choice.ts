import { picturePath, pictureWidthFor, type Picture } from '../../contract/picture-paths';

/** The player's column is at most 42 rem (672 px) wide: a question's picture never needs more. */
const PLAYER_COLUMN_PX = 672;

/** A question's picture spans the column; an answer's picture is a card of a two-column grid. */
export type PictureKind = 'question' | 'answer';

/** The CSS pixels a picture of `kind` is shown across, on a screen `viewportWidth` wide. */
export function shownCssWidth(kind: PictureKind, viewportWidth: number): number {
  const column = Math.min(viewportWidth, PLAYER_COLUMN_PX);
  return kind === 'question' ? column : Math.ceil(column / 2);
}

export interface PictureChoice {
  /** The stored width chosen. */
  width: number;
  avif: string;
  webp: string;
  jpg: string;
}

/**
 * The variant of a picture this screen shows, one URL per format at one width: the player's
 * `<picture>` lists AVIF, then WebP, with the JPEG as its `<img>`, and the browser takes the first
 * it can show. A kiosk downloads the same URLs ahead (web/offline/picture-download.ts), so what the
 * player asks for offline is what it stored.
 */
export function pictureChoice(picture: Picture, kind: PictureKind, viewportWidth = window.innerWidth, pixelRatio = window.devicePixelRatio || 1): PictureChoice {
  const width = pictureWidthFor(picture, shownCssWidth(kind, viewportWidth), pixelRatio);
  return { width, avif: picturePath(picture.name, width, 'avif'), webp: picturePath(picture.name, width, 'webp'), jpg: picturePath(picture.name, width, 'jpg') };
}
