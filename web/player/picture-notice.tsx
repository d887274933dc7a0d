import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PlayBundle } from '../../contract';
import { pictureReadiness } from '../offline';
import { useServerReachable } from './kiosk';
import { NoticeLine } from './offline-notice';

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
    <NoticeLine testId="picture-notice" icon={ImageOff}>
      {!reachable && missing > 0 && `Sin conexión: ${missing === 1 ? 'falta 1 imagen' : `faltan ${missing} imágenes`} de esta trivia en este kiosco; se verá su descripción.`}
    </NoticeLine>
  );
}
