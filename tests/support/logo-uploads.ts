import type { TestApi } from './api-server';
import type { TestClient } from './http-client';

/** The smallest real images of each type the logo upload takes or refuses. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** The signed upload URL the admin screen asks for before sending a logo's bytes. */
export async function requestUploadUrl(admin: TestClient, entityType: 'company' | 'question-group', entityId: number): Promise<string> {
  const res = await admin.post('/api/logos/upload-url', { entityType, entityId });
  if (res.status !== 200) throw new Error(`upload URL refused: ${res.status} ${res.text}`);
  return res.body.uploadUrl;
}

/** The browser's PUT of the file: raw bytes, the file's claimed type, no session or CSRF header. */
export const putLogoBytes = (api: TestApi, url: string, bytes: Uint8Array, contentType = 'image/png') =>
  api.client().put(url, undefined, { raw: bytes, headers: { 'Content-Type': contentType }, withoutMarker: true });
