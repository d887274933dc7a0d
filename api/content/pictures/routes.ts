import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE_MESSAGE, pictureUploadUrlSchema, type Picture, type UploadUrlReply } from '../../../contract';
import { forbidden } from '../../platform/http/errors';
import { sendImmutableFile } from '../../platform/http/immutable-file';
import { allow, inBody, publicRoute } from '../../platform/access/route-access';
import { closeWhenUnread, readUploadBody, refuseDeclaredOversize } from '../../platform/http/upload-body';
import { parse, parseBody } from '../../platform/http/validate';
import { signUploadGrant, UPLOAD_URL_LIFETIME_MS, verifyUploadToken } from '../logos/signing';
import { actorOf } from '../../platform/activity/record';
import { claimPictureUpload, recordPicture, recordPictureUploadUrl, releasePictureClaim, reuseStoredPicture, type PictureSweep } from './ledger';
import { pictureNameOf, processPicture, refuseWhenPicturesBusy, takePicturePlace } from './processing';
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

  router.post('/pictures/upload-url', allow(dataSource, 'content.edit', inBody('group', 'questionGroupId')), async (ctx) => {
    const { questionGroupId } = parseBody(pictureUploadUrlSchema, ctx.request.body);
    await recordPictureUploadUrl(em, actorOf(ctx), questionGroupId);
    await sweepPictures();
    const objectName = `picture-${questionGroupId}-${randomUUID()}`;
    const token = signUploadGrant(secret, { objectName, entityType: 'question-group', entityId: questionGroupId, expiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS });
    ctx.body = { uploadUrl: `${PICTURE_UPLOADS_PREFIX}${token}` } satisfies UploadUrlReply;
  });

  /** The picture of an upload's bytes: the one already stored with this content, or a new one processed and recorded. */
  const pictureOf = async (objectName: string, bytes: Buffer): Promise<Picture> => {
    const stored = await reuseStoredPicture(dataSource, uploadDir, objectName, pictureNameOf(bytes));
    if (stored) return stored;
    const processed = await processPicture(bytes);
    return recordPicture(dataSource, objectName, processed, () => writeVariants(uploadDir, processed));
  };

  // The signature is the authorisation here (the CSRF guard exempts this path): no session needed.
  // Refused before its body is read: a length over the limit, a full queue (before any database
  // work), a URL used or in use (its claim), a full queue still once claimed.
  router.put('/pictures/uploads/:token', publicRoute, closeWhenUnread, async (ctx) => {
    const { token } = parse(uploadParams, ctx.params);
    const grant = verifyUploadToken(secret, token);
    if (!grant || !grant.objectName.startsWith('picture-')) throw forbidden('La URL de subida no es válida o ha expirado', { code: 'upload_url_invalid' });
    refuseDeclaredOversize(ctx.req, PICTURE_MAX_BYTES, PICTURE_TOO_LARGE_MESSAGE);
    refuseWhenPicturesBusy();
    await claimPictureUpload(em, grant.objectName);
    let givePlaceBack = () => {};
    try {
      givePlaceBack = takePicturePlace();
      const bytes = await readUploadBody(ctx.req, PICTURE_MAX_BYTES, PICTURE_TOO_LARGE_MESSAGE);
      ctx.body = (await pictureOf(grant.objectName, bytes)) satisfies Picture;
      ctx.status = 201;
    } catch (error) {
      await releasePictureClaim(em, grant.objectName);
      throw error;
    } finally {
      givePlaceBack();
    }
  });

  router.get('/pictures/:file', publicRoute, async (ctx) => {
    const { file } = parse(fileParams, ctx.params);
    const variant = await openVariant(uploadDir, file);
    if (!variant) return; // the error middleware turns an empty /api/ reply into the contract's 404
    // A picture's name is its content: the bytes under a name never change.
    sendImmutableFile(ctx, variant);
  });

  return router;
}
