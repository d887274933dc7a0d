import { picturePath, pictureWidths, type PlacedPicture } from '../../../contract';

/**
 * A question's or an answer's picture in the admin screens: its smallest stored variant (400 px
 * wide, or the picture's own width when narrower) as WebP, with its alt text. Its width and height
 * give the box its shape before the file arrives, so nothing moves when it does; `className` sets
 * how wide it is drawn (with `h-auto`).
 */
export function PictureImage({ picture, className }: { picture: PlacedPicture; className: string }) {
  return (
    <img
      src={picturePath(picture.name, pictureWidths(picture.width)[0]!, 'webp')}
      alt={picture.alt}
      width={picture.width}
      height={picture.height}
      loading="lazy"
      decoding="async"
      className={`h-auto rounded-lg border border-slate-200 bg-slate-100 object-contain dark:border-slate-700 dark:bg-slate-800 ${className}`}
    />
  );
}
