import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PlayBundle } from '../../contract';
import { pictureReadiness } from '../offline';
import { useServerReachable } from './kiosk';

/**
 * A kiosk without connection that lacks some of its trivia's pictures says so before any round
 * starts (those questions show the picture's description instead): staff see it and can download
 * them from the staff panel once the connection is back.
 */
export function PictureNotice({ bundle }: { bundle: PlayBundle }) {
  const reachable = useServerReachable();
  const [missing, setMissing] = useState(0);
  useEffect(() => {
    let current = true;
    if (!reachable) void pictureReadiness(bundle).then((r) => current && setMissing(r.total - r.ready));
    return () => {
      current = false;
    };
  }, [bundle, reachable]);
  return (
    <p role="status" className="flex justify-center px-4 pt-3 empty:p-0" data-testid="picture-notice">
      {!reachable && missing > 0 && (
        <span className="inline-flex max-w-2xl items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-950 ring-1 ring-amber-300">
          <ImageOff className="size-3.5 shrink-0" aria-hidden />
          Sin conexión: {missing === 1 ? 'falta 1 imagen' : `faltan ${missing} imágenes`} de esta trivia en este kiosco; se verá su descripción.
        </span>
      )}
    </p>
  );
}
