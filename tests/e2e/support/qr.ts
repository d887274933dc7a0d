import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';

/** Decodes a QR code as the page shows it: a screenshot of it, its pixels read back through a canvas. */
export async function decodeQr(qr: Locator): Promise<string | null> {
  const png = await qr.screenshot();
  const { width, height, data } = await qr.page().evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return { width: canvas.width, height: canvas.height, data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
  }, png.toString('base64'));
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}
