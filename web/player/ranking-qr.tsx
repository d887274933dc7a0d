import { QrCode } from '../shared/qr-code';

/**
 * A kiosk's way to the public ranking from the result screen: a QR code of its address for the
 * player's own phone (a kiosk's screen must not leave the trivia), with what it is for written
 * beside it. Part of the kiosk's own chunk (kiosk-parts.tsx): a phone never downloads the QR encoder.
 */
export function RankingQr({ url }: { url: string }) {
  return (
    <figure className="flex flex-col items-center gap-2" data-testid="result-ranking-qr">
      <QrCode text={url} label="Código QR del ranking de esta trivia" className="size-32 overflow-hidden rounded-lg [&>svg]:size-full" testId="result-ranking-qr-code" />
      <figcaption className="player-muted text-sm">Escanéalo con tu teléfono para ver el ranking</figcaption>
    </figure>
  );
}
