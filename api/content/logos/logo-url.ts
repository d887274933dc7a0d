import type { EntityManager } from 'typeorm';
import { UPLOAD_URL_PATTERN, UPLOADED_LOGO_PATTERN } from '../../../contract';
import { verifyUploadSignature } from './signing';
import { UPLOADS_PREFIX } from './storage';
import { storedFileOf } from './upload-ledger';

/** The path of an upload URL or logo URL, without an origin or a query string. */
function pathOf(url: string): string {
  return url.replace(/^https?:\/\/[^/?#\s]+/, '').replace(/\?.*$/, '');
}

/**
 * The stored object a `PUT .../logo` names, as its path (/api/uploads/<name>.<ext>): either that
 * path itself (from the upload's reply), or the upload URL the object was stored through, whose
 * signature must be valid (expired or not: the upload itself was checked in time). Null when the
 * value names no stored object.
 */
export async function storedLogoPath(em: EntityManager, secret: string, logoUrl: string): Promise<string | null> {
  if (!UPLOAD_URL_PATTERN.test(logoUrl) && !UPLOADED_LOGO_PATTERN.test(logoUrl)) return null;
  const urlPath = pathOf(logoUrl);
  if (UPLOADED_LOGO_PATTERN.test(urlPath)) return urlPath;
  const grant = verifyUploadSignature(secret, urlPath.slice(UPLOADS_PREFIX.length));
  if (!grant) return null;
  const fileName = await storedFileOf(em, grant.objectName);
  return fileName ? `${UPLOADS_PREFIX}${fileName}` : null;
}

/** The object name of a stored logo path (/api/uploads/company-3-<uuid>.png → company-3-<uuid>). */
export const objectNameOf = (logoPath: string) => logoPath.slice(UPLOADS_PREFIX.length).replace(/\.[a-z]+$/, '');
/** The file name of a stored logo path. */
export const fileNameOf = (logoPath: string) => logoPath.slice(UPLOADS_PREFIX.length);
