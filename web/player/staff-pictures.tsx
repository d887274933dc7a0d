import { useEffect, useState } from 'react';
import type { PictureReadiness, StaffTools } from '../offline';
import { STAFF_BUTTON } from './staff-section';

/**
 * "Imágenes listas N de M": the kiosk's trivia's pictures this device holds for offline play, and
 * "Descargar imágenes" for those it lacks (downloaded at the width and in the format this screen shows).
 */
export function StaffPictures({ tools, groupId }: { tools: StaffTools; groupId: number }) {
  const [readiness, setReadiness] = useState<PictureReadiness | null | undefined>(undefined);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    void tools.readPictureReadiness(groupId).then(setReadiness);
  }, [tools, groupId]);
  const download = async () => {
    setDownloading(true);
    setReadiness(await tools.readPictureReadiness(groupId, true));
    setDownloading(false);
  };

  if (readiness === undefined) return <p>Revisando imágenes…</p>;
  if (readiness === null || readiness.total === 0) return <p data-testid="staff-pictures">Esta trivia no tiene imágenes.</p>;
  const missing = readiness.total - readiness.ready;
  return (
    <>
      <p data-testid="staff-pictures" aria-live="polite">
        <span className="font-semibold">
          Imágenes listas {readiness.ready} de {readiness.total}
        </span>
        {missing > 0 && ': sin conexión, las que faltan se mostrarán con su descripción.'}
      </p>
      {missing > 0 && (
        <button type="button" className={STAFF_BUTTON} onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Descargando…' : 'Descargar imágenes'}
        </button>
      )}
    </>
  );
}
