import sharp from 'sharp';
import type { TestApi } from './api-server';
import type { TestClient } from './http-client';

/**
 * A photo-like JPEG (a gradient, two shapes and blurred grain, so it compresses like a photo, not
 * like a flat colour); `tone` varies its colours.
 */
export async function photo(width: number, height: number, tone = 0): Promise<Buffer> {
  const hue = (tone * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,65%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.45}" r="${Math.min(width, height) * 0.25}" fill="hsl(${(hue + 180) % 360},55%,45%)" opacity="0.8"/>
    <rect x="${width * 0.55}" y="${height * 0.2}" width="${width * 0.3}" height="${height * 0.6}" rx="${width * 0.02}" fill="hsl(${(hue + 120) % 360},50%,40%)" opacity="0.7"/>
  </svg>`;
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .blur(2)
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 90 }).toBuffer();
}

/** A phone's photo: a JPEG whose EXIF says where it was taken. */
export async function pictureWithGps(width: number, height: number): Promise<Buffer> {
  const tagged = await sharp(await photo(width, height))
    .withExif({ IFD0: { Make: 'Teléfono', Model: 'Cámara' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 36/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '74/1 4/1 0/1' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  if (!(await sharp(tagged).metadata()).exif) throw new Error('the test photo has no EXIF');
  return tagged;
}

/** The signed upload URL the question editor asks for before sending a picture's bytes. */
export async function requestPictureUrl(admin: TestClient, questionGroupId: number): Promise<string> {
  const res = await admin.post('/api/pictures/upload-url', { questionGroupId });
  if (res.status !== 200) throw new Error(`picture upload URL refused: ${res.status} ${res.text}`);
  return res.body.uploadUrl;
}

/** The browser's PUT of the file: raw bytes, no session or CSRF header. */
export const putPictureBytes = (api: TestApi, url: string, bytes: Uint8Array, contentType = 'image/jpeg') =>
  api.client().put(url, undefined, { raw: bytes, headers: { 'Content-Type': contentType }, withoutMarker: true });
