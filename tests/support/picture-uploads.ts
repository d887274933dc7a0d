import { randomFillSync } from 'node:crypto';
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
  const raw = { width, height, channels: 3 } as const;
  const grain = await sharp(gaussianGrain(width * height * 3), { raw }).blur(2).raw().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grain, raw, blend: 'overlay' }]).jpeg({ quality: 90 }).toBuffer();
}

/** The standard normal distribution's CDF (Abramowitz and Stegun's 7.1.26, within 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z < 0 ? (1 - erf) / 2 : (1 + erf) / 2;
}

/** A random byte's 256 values, each taken to its quantile of a normal distribution of mean 128 and deviation 50 (clamped to 0..255). */
const GAUSSIAN_LEVELS = Uint8Array.from({ length: 256 }, (_, i) => {
  let [low, high] = [-8, 8];
  for (let step = 0; step < 40; step++) {
    const mid = (low + high) / 2;
    if (normalCdf(mid) < (i + 0.5) / 256) low = mid;
    else high = mid;
  }
  return Math.min(255, Math.max(0, Math.round(128 + 50 * low)));
});

/**
 * `length` bytes of Gaussian noise (mean 128, deviation 50), as sharp's `create.noise` makes it:
 * random bytes through the normal quantiles. sharp's own took three quarters of a 12 MP photo's CPU.
 */
function gaussianGrain(length: number): Buffer {
  const bytes = randomFillSync(Buffer.allocUnsafe(length));
  for (let i = 0; i < length; i++) bytes[i] = GAUSSIAN_LEVELS[bytes[i]!]!;
  return bytes;
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
