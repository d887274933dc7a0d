import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A QR code of `text` as an SVG, drawn here (no network): dark modules on white, as scanners
 * expect, whatever the page's theme. The caller sizes it (`className`); `label` says what it holds.
 */
export function QrCode({ text, label, className, testId }: { text: string; label: string; className: string; testId: string }) {
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
  return <div className={className} role="img" aria-label={label} data-testid={testId} dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />;
}
