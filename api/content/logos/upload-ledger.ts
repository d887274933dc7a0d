import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * The record of stored logo uploads (table logo_uploads): one row per signed upload URL, so a URL
 * stores one object, and the uploads never attached to a logo can be found and swept.
 */

/**
 * Claims a signed URL's one stored object before its bytes are read. False when the URL already
 * stored one (of any image type), or an upload through it is on its way (in any API process): that
 * upload is refused without reading its body. Two uploads at once through the same URL race on the
 * primary key, and only one wins. Until its file is named (`nameUploadFile`), the claim's file name
 * is the object's own name, which names no stored file.
 */
export async function claimUpload(em: EntityManager, objectName: string): Promise<boolean> {
  const claimed: unknown[] = await em.query(
    `INSERT INTO logo_uploads (object_name, file_name) VALUES ($1, $1) ON CONFLICT DO NOTHING RETURNING object_name`,
    [objectName],
  );
  return claimed.length === 1;
}

/** Names a claimed upload's file once its bytes say what image type it is, before the file is written. */
export async function nameUploadFile(em: EntityManager, objectName: string, fileName: string): Promise<void> {
  await em.query(`UPDATE logo_uploads SET file_name = $2 WHERE object_name = $1`, [objectName, fileName]);
}

/** Gives a claim back when its file could not be written. */
export async function releaseClaim(em: EntityManager, objectName: string): Promise<void> {
  await em.query(`DELETE FROM logo_uploads WHERE object_name = $1 AND attached_at IS NULL`, [objectName]);
}

/** The stored file of the object a signed URL names; null when the URL stored nothing (yet, or it was swept). */
export async function storedFileOf(em: EntityManager, objectName: string): Promise<string | null> {
  const [row]: { file_name: string }[] = await em.query(`SELECT file_name FROM logo_uploads WHERE object_name = $1 AND file_name <> object_name`, [objectName]);
  return row?.file_name ?? null;
}

/**
 * Marks an upload as a logo, inside the transaction that sets it, so the sweep never takes it. An
 * upload stored before this record existed gets its row here. The row is locked until commit: a
 * sweep that claimed it first has already removed the file, which the caller then finds missing.
 */
export async function markAttached(em: EntityManager, objectName: string, fileName: string): Promise<void> {
  await em.query(
    `INSERT INTO logo_uploads (object_name, file_name, attached_at) VALUES ($1, $2, now())
     ON CONFLICT (object_name) DO UPDATE SET attached_at = now()`,
    [objectName, fileName],
  );
}

/** Drops the record of a logo that was replaced or removed (its file is deleted by the caller). */
export async function forgetUpload(em: EntityManager, fileName: string): Promise<void> {
  await em.query(`DELETE FROM logo_uploads WHERE file_name = $1`, [fileName]);
}

/** How many unattached uploads one sweep removes at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/**
 * Deletes uploads never attached to a logo that are older than `olderThanMs`, files first, then
 * their rows, in one transaction. Safe with several API processes: each claims its rows with
 * FOR UPDATE SKIP LOCKED, so two sweeps never take the same upload, and an upload being attached
 * (its row locked) is skipped. Returns how many it removed.
 */
export async function sweepUnattachedUploads(dataSource: DataSource, uploadDir: string, olderThanMs: number): Promise<number> {
  return dataSource.transaction(async (em) => {
    const swept: { file_name: string }[] = await em.query(
      `WITH swept AS (
         DELETE FROM logo_uploads
          WHERE object_name IN (SELECT object_name FROM logo_uploads
                                 WHERE attached_at IS NULL AND created_at < now() - make_interval(secs => $1)
                                 ORDER BY created_at
                                 LIMIT ${SWEEP_BATCH}
                                   FOR UPDATE SKIP LOCKED)
          RETURNING file_name)
       SELECT file_name FROM swept`,
      [olderThanMs / 1000],
    );
    for (const { file_name } of swept) {
      await unlink(path.join(uploadDir, path.basename(file_name))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
    return swept.length;
  });
}
