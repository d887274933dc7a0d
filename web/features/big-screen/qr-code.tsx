import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `text` as an SVG, drawn here (no network): dark modules on white, as scanners expect. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } }).then((markup) => {
      if (current) setSvg(markup);
    });
    return () => {
      current = false;
    };
  }, [text]);
  return <div className="big-screen-qr" role="img" aria-label={label} data-testid="screen-qr" dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />;
}
