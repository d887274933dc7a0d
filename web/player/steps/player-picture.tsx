import { useState } from 'react';
import type { PlacedPicture } from '../../../contract/picture-paths';
// The one module of the offline layer taken directly: the admin's theme preview renders this step,
// and the facade would bring the device database (Dexie) into its chunk. It imports only
// contract/picture-paths.
// eslint-disable-next-line no-restricted-imports
import { pictureChoice, type PictureKind } from '../../offline/picture-choice';

/**
 * The box of a picture: its shape is the stored picture's (not the variant's, rounded to whole
 * pixels), and it is never wider than the picture is at the height it may take
 * (--player-picture-max, player.css). So the box has its final size before a byte arrives (no layout
 * shift), a tall picture is not stretched, and the missing-picture frame takes the same box.
 */
const box = ({ width, height }: PlacedPicture) => ({ maxWidth: `calc(var(--player-picture-max, 35vh) * ${(width / height).toFixed(4)})`, aspectRatio: `${width} / ${height}` });

/**
 * A question's or an answer's picture, in the variant pictureChoice names (AVIF, else WebP, else
 * JPEG: what a kiosk downloaded ahead). One that cannot be loaded shows its alt text in a frame,
 * never a broken image. Keyed by the picture's name where it is used, so a new picture tries again.
 */
export function PlayerPicture({ picture, kind }: { picture: PlacedPicture; kind: PictureKind }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="player-picture-missing" data-testid="picture-missing" style={box(picture)}>
        {picture.alt}
      </span>
    );
  }
  const c = pictureChoice(picture, kind);
  return (
    <picture className="player-picture">
      <source type="image/avif" srcSet={c.avif} />
      <source type="image/webp" srcSet={c.webp} />
      {/* elementtiming: when it is painted, for `npm run bench` (tests/bench/picture-round.ts). */}
      <img src={c.jpg} width={picture.width} height={picture.height} alt={picture.alt} decoding="async" style={box(picture)} onError={() => setFailed(true)} elementtiming={`${kind}-picture`} />
    </picture>
  );
}

/**
 * The next question's pictures, fetched while this one is shown (eager, low priority) through the
 * same `<picture>` choice, so they come from the cache when it appears. Off screen, not display:none,
 * and hidden from screen readers.
 */
export function NextPictures({ pictures }: { pictures: readonly (readonly [PlacedPicture | null | undefined, PictureKind])[] }) {
  const shown = pictures.filter((p): p is readonly [PlacedPicture, PictureKind] => !!p[0]);
  if (!shown.length) return null;
  return (
    <div className="player-preload" aria-hidden data-testid="next-pictures">
      {shown.map(([picture, kind], i) => {
        const c = pictureChoice(picture, kind);
        return (
          <picture key={`${i}${picture.name}`}>
            <source type="image/avif" srcSet={c.avif} />
            <source type="image/webp" srcSet={c.webp} />
            <img src={c.jpg} width={1} height={1} alt="" loading="eager" fetchPriority="low" />
          </picture>
        );
      })}
    </div>
  );
}
