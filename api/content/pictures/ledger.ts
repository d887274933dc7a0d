import type { DataSource, EntityManager } from 'typeorm';
import { PICTURE_MISSING_MESSAGE, type Picture, type PlacedPicture } from '../../../contract';
import type { PictureEntity } from '../../../db/entities';
import { missing } from '../../platform/access/not-found';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { badRequest } from '../../platform/http/errors';
import { uploadUrlUsed } from '../logos/signing';
import type { ProcessedPicture } from './processing';
import { removeVariants, variantsStored } from './storage';

/**
 * The record of stored pictures (tables `pictures` and `picture_uploads`): one picture per signed
 * upload URL, the pictures questions and answers may point at, and the sweep of those none uses.
 */

/**
 * Claims a signed URL's one upload before its bytes are read; 409 `upload_url_used` when it already
 * took one, or one is on its way (in any API process). Given back when the upload fails.
 */
export async function claimPictureUpload(em: EntityManager, objectName: string): Promise<void> {
  const claimed: unknown[] = await em.query(`INSERT INTO picture_uploads (object_name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING object_name`, [objectName]);
  if (claimed.length === 0) throw uploadUrlUsed();
}

/** Gives a claim back when its upload could not be stored. */
export async function releasePictureClaim(em: EntityManager, objectName: string): Promise<void> {
  await em.query(`DELETE FROM picture_uploads WHERE object_name = $1 AND picture_name IS NULL`, [objectName]);
}

/**
 * Records a processed picture and writes its files, in one transaction holding its row: a sweep
 * removing the same picture either finished first (its files gone before these are written) or
 * waits. The same content uploaded again starts its grace period again.
 */
export async function recordPicture(dataSource: DataSource, objectName: string, picture: ProcessedPicture, write: () => Promise<void>): Promise<Picture> {
  const bytes = picture.variants.reduce((sum, variant) => sum + variant.bytes.length, 0);
  return dataSource.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO pictures (name, width, height, bytes) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET created_at = now(), attached_at = NULL`,
      [picture.name, picture.width, picture.height, bytes],
    );
    await tx.query(`UPDATE picture_uploads SET picture_name = $2 WHERE object_name = $1`, [objectName, picture.name]);
    await write();
    return { name: picture.name, width: picture.width, height: picture.height };
  });
}

/**
 * The picture already stored under this name (the same content uploaded before: a ZIP imported into
 * another trivia), kept for this upload without processing it again, when all its files are there.
 * In one transaction holding its row (a sweep skips it, or finished first and it is gone): its
 * grace period starts again, as recordPicture's does. Null when it must be processed.
 */
export async function reuseStoredPicture(dataSource: DataSource, uploadDir: string, objectName: string, name: string): Promise<Picture | null> {
  return dataSource.transaction(async (tx) => {
    const [row]: { width: number; height: number }[] = await tx.query(`SELECT width, height FROM pictures WHERE name = $1 FOR UPDATE`, [name]);
    if (!row || !(await variantsStored(uploadDir, { name, width: row.width }))) return null;
    await tx.query(`UPDATE pictures SET created_at = now(), attached_at = NULL WHERE name = $1`, [name]);
    await tx.query(`UPDATE picture_uploads SET picture_name = $2 WHERE object_name = $1`, [objectName, name]);
    return { name, width: row.width, height: row.height };
  });
}

/**
 * The stored pictures `placed` names, with their sizes, marked in use: in the transaction that
 * saves the question or answers, holding their rows (FOR KEY SHARE) so no sweep removes them
 * meanwhile. 400 with the field named when one no longer exists.
 */
export type PlacedSizes = Map<string, Pick<PictureEntity, 'width' | 'height'>>;

export async function placePictures(tx: EntityManager, placed: { path: string; name: string }[]): Promise<PlacedSizes> {
  const names = [...new Set(placed.map((p) => p.name))];
  if (names.length === 0) return new Map();
  const rows: { name: string; width: number; height: number }[] = await tx.query(
    `WITH placed AS (UPDATE pictures SET attached_at = coalesce(attached_at, now()) WHERE name = ANY($1::varchar[]) RETURNING name, width, height)
     SELECT name, width, height FROM placed`,
    [names],
  );
  const found = new Map(rows.map((row) => [row.name, { width: row.width, height: row.height }]));
  const missing = placed.filter((p) => !found.has(p.name));
  if (missing.length > 0) {
    throw badRequest(PICTURE_MISSING_MESSAGE, { code: 'validation_failed', issues: missing.map((p) => ({ path: p.path, message: PICTURE_MISSING_MESSAGE })) });
  }
  return found;
}

/**
 * SQL of a question's or an answer's picture as the API presents it (`PlacedPicture`), null when it
 * has none: `owner` is the question's or answer's alias, `picture` the alias of its joined picture.
 */
export const placedPictureSql = (owner: string, picture: string) =>
  `CASE WHEN ${picture}.name IS NOT NULL THEN json_build_object('name', ${picture}.name, 'width', ${picture}.width, 'height', ${picture}.height, 'alt', ${owner}.picture_alt) END`;

/** A question's or answer's picture as the API presents it. */
export function presentPlaced(entity: { picture?: PictureEntity | null; pictureAlt: string | null }): PlacedPicture | null {
  if (!entity.picture || entity.pictureAlt === null) return null;
  return { name: entity.picture.name, width: entity.picture.width, height: entity.picture.height, alt: entity.pictureAlt };
}

/** How many pictures one sweep removes at most (the next takes the rest). */
const SWEEP_BATCH = 200;

/**
 * Removes the pictures no question or answer uses: those that were used (a question changed or
 * deleted, a trivia or company deleted) at once, those never used once `graceMs` passed since their
 * upload (an editor still open may save one). Rows and files in one transaction, each sweep taking
 * rows no other holds (FOR UPDATE SKIP LOCKED), so several API processes never take the same
 * picture, and one being placed (its row held) is left. Returns how many it removed.
 */
export async function sweepUnusedPictures(dataSource: DataSource, uploadDir: string, graceMs: number): Promise<number> {
  return dataSource.transaction(async (tx) => {
    const swept: { name: string; width: number }[] = await tx.query(
      `WITH swept AS (
       DELETE FROM pictures
        WHERE name IN (SELECT p.name FROM pictures p
                        WHERE (p.attached_at IS NOT NULL OR p.created_at < now() - make_interval(secs => $1))
                          AND NOT EXISTS (SELECT 1 FROM questions q WHERE q.picture_name = p.name)
                          AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.picture_name = p.name)
                        ORDER BY p.created_at
                        LIMIT ${SWEEP_BATCH}
                          FOR UPDATE SKIP LOCKED)
        RETURNING name, width)
       SELECT name, width FROM swept`,
      [graceMs / 1000],
    );
    await removeVariants(uploadDir, swept);
    await tx.query(`DELETE FROM picture_uploads WHERE created_at < now() - interval '1 day'`);
    return swept.length;
  });
}

/** Sweeps the pictures no question uses, best effort (a sweep that fails is tried again at the next one). */
export type PictureSweep = () => Promise<void>;

/** The sweep the routes that let go of pictures call after their change (a question edited or deleted, a trivia or company deleted). */
export const pictureSweep =
  (dataSource: DataSource, uploadDir: string, graceMs: number): PictureSweep =>
  () =>
    sweepUnusedPictures(dataSource, uploadDir, graceMs).then(
      () => undefined,
      () => undefined,
    );

/**
 * The entry in "Actividad" of a signed upload URL for a trivia's picture (404 for a trivia that
 * does not exist): handing it out lets a file into the installation's storage, so who asked is recorded.
 */
export async function recordPictureUploadUrl(em: EntityManager, actor: Actor, questionGroupId: number): Promise<void> {
  await em.transaction(async (tx) => {
    const [group]: { name: string; company_id: number }[] = await tx.query(`SELECT name, company_id FROM question_groups WHERE id = $1`, [questionGroupId]);
    if (!group) throw missing('group');
    await recordActivity(tx, actor, { companyId: group.company_id, kind: 'trivia', objectId: questionGroupId, action: 'link', summary: `Pidió un enlace para subir una imagen a la trivia ${quoted(group.name)}` });
  });
}
