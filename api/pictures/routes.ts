import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE_MESSAGE, pictureUploadUrlSchema, type Picture, type UploadUrlReply } from '../../contract';
import { forbidden, notFound } from '../errors';
import { sendImmutableFile } from '../http/immutable-file';
import { requireUser } from '../http/require-user';
import { parse, parseBody } from '../http/validate';
import { signUploadGrant, UPLOAD_URL_LIFETIME_MS, verifyUploadToken } from '../logos/signing';
import { readImageBody } from '../logos/storage';
import { GROUP_NOT_FOUND } from '../question-groups/service';
import { claimPictureUpload, recordPicture, releasePictureClaim, reuseStoredPicture, type PictureSweep } from './ledger';
import { pictureNameOf, processPicture } from './processing';
import { openVariant, writeVariants } from './storage';

export const PICTURE_UPLOADS_PREFIX = '/api/pictures/uploads/';
const uploadParams = z.object({ token: z.string().max(1000) });
const fileParams = z.object({ file: z.string().max(100) });

/**
 * Pictures for questions and answers (docs/pictures.md): a signed upload URL per picture, the
 * upload itself (checked by its bytes, processed into its variants), and the variants served with
 * long-lived caching (a name is its content). Pictures no question uses are swept each time an
 * upload URL is handed out, and after the edits that let go of one (`pictureSweep`).
 */
export function pictureRoutes(dataSource: DataSource, uploadDir: string, secret: string, sweepPictures: PictureSweep) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.post('/pictures/upload-url', requireUser, async (ctx) => {
    const { questionGroupId } = parseBody(pictureUploadUrlSchema, ctx.request.body);
    const [group]: unknown[] = await em.query(`SELECT 1 FROM question_groups WHERE id = $1`, [questionGroupId]);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    await sweepPictures();
    const objectName = `picture-${questionGroupId}-${randomUUID()}`;
    const token = signUploadGrant(secret, { objectName, entityType: 'question-group', entityId: questionGroupId, expiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS });
    ctx.body = { uploadUrl: `${PICTURE_UPLOADS_PREFIX}${token}` } satisfies UploadUrlReply;
  });

  // The signature is the authorisation here (the CSRF guard exempts this path): no session needed.
  router.put('/pictures/uploads/:token', async (ctx) => {
    const { token } = parse(uploadParams, ctx.params);
    const grant = verifyUploadToken(secret, token);
    if (!grant || !grant.objectName.startsWith('picture-')) throw forbidden('La URL de subida no es válida o ha expirado', { code: 'upload_url_invalid' });
    const bytes = await readImageBody(ctx.req, PICTURE_MAX_BYTES, PICTURE_TOO_LARGE_MESSAGE);
    await claimPictureUpload(em, grant.objectName);
    let picture: Picture;
    try {
      const stored = await reuseStoredPicture(dataSource, uploadDir, grant.objectName, pictureNameOf(bytes));
      if (stored) picture = stored;
      else {
        const processed = await processPicture(bytes);
        picture = await recordPicture(dataSource, grant.objectName, processed, () => writeVariants(uploadDir, processed));
      }
    } catch (error) {
      await releasePictureClaim(em, grant.objectName);
      throw error;
    }
    ctx.status = 201;
    ctx.body = picture satisfies Picture;
  });

  router.get('/pictures/:file', async (ctx) => {
    const { file } = parse(fileParams, ctx.params);
    const variant = await openVariant(uploadDir, file);
    if (!variant) return; // the error middleware turns an empty /api/ reply into the contract's 404
    // A picture's name is its content: the bytes under a name never change.
    sendImmutableFile(ctx, variant);
  });

  return router;
}
