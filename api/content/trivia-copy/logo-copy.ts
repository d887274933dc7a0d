import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from 'typeorm';
import { UPLOADED_LOGO_PATTERN } from '../../../contract';
import { fileNameOf, objectNameOf } from '../logos/logo-url';
import { objectNamePrefix } from '../logos/service';
import { UPLOADS_PREFIX } from '../logos/storage';
import { markAttached } from '../logos/upload-ledger';

/**
 * A copied trivia gets its own copy of the logo file (named for the new trivia, recorded as an
 * attached upload), so deleting or replacing either trivia's logo never takes the other's. A logo
 * that is not one of our uploads is kept as it is; one whose file is gone is left out.
 * Returns the new logo path and the file written (for the caller to remove if its transaction fails).
 */
export async function copyLogo(
  tx: EntityManager,
  uploadDir: string,
  logoUrl: string | null,
  newGroupId: number,
): Promise<{ logoUrl: string | null; writtenFile: string | null }> {
  if (!logoUrl) return { logoUrl: null, writtenFile: null };
  if (!UPLOADED_LOGO_PATTERN.test(logoUrl)) return { logoUrl, writtenFile: null };
  const ext = path.extname(fileNameOf(logoUrl));
  const objectName = `${objectNamePrefix('question-group', newGroupId)}${randomUUID()}`;
  const target = path.join(uploadDir, `${objectName}${ext}`);
  try {
    await copyFile(path.join(uploadDir, path.basename(fileNameOf(logoUrl))), target, constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { logoUrl: null, writtenFile: null };
    throw error;
  }
  const copied = `${UPLOADS_PREFIX}${objectName}${ext}`;
  await markAttached(tx, objectNameOf(copied), fileNameOf(copied));
  return { logoUrl: copied, writtenFile: target };
}
