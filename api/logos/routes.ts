import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { idParamsSchema, setLogoSchema, uploadUrlSchema, type LogoEntityType, type LogoPathReply, type UploadedLogo, type UploadUrlReply } from '../../contract';
import { badRequest, forbidden } from '../errors';
import { requireUser } from '../http/require-user';
import { parse, parseBody } from '../http/validate';
import { ensureLogoOwnerExists, objectNamePrefix, replaceLogo } from './service';
import { signUploadGrant, UPLOAD_URL_LIFETIME_MS, verifyUploadToken } from './signing';
import { imageExtension, openUpload, readImageBody, removeStoredLogo, storeUpload, UPLOADS_PREFIX, uploadExists } from './storage';

const LOGO_OWNERS: { path: string; entityType: LogoEntityType }[] = [
  { path: '/companies/:id/logo', entityType: 'company' },
  { path: '/question-groups/:id/logo', entityType: 'question-group' },
];

const uploadParams = z.object({ token: z.string().max(1000) });
const fileParams = z.object({ file: z.string().max(200) });

/** Logos: signed upload URLs, the upload itself (checked by its bytes), serving, and attaching to an entity. */
export function logoRoutes(dataSource: DataSource, uploadDir: string, secret: string) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.post('/logos/upload-url', requireUser, async (ctx) => {
    const { entityType, entityId } = parseBody(uploadUrlSchema, ctx.request.body);
    await ensureLogoOwnerExists(em, entityType, entityId);
    const objectName = `${objectNamePrefix(entityType, entityId)}${randomUUID()}`;
    const token = signUploadGrant(secret, { objectName, entityType, entityId, expiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS });
    ctx.body = { uploadUrl: `${UPLOADS_PREFIX}${token}` } satisfies UploadUrlReply;
  });

  // The signature is the authorisation here (the CSRF guard exempts this path): no session needed.
  router.put('/uploads/:token', async (ctx) => {
    const { token } = parse(uploadParams, ctx.params);
    const grant = verifyUploadToken(secret, token);
    if (!grant) throw forbidden('La URL de subida no es válida o ha expirado', { code: 'upload_url_invalid' });
    const bytes = await readImageBody(ctx.req);
    const ext = await imageExtension(bytes);
    ctx.status = 201;
    ctx.body = { logoUrl: await storeUpload(uploadDir, grant.objectName, ext, bytes) } satisfies UploadedLogo;
  });

  router.get('/uploads/:file', async (ctx) => {
    const { file } = parse(fileParams, ctx.params);
    const upload = await openUpload(uploadDir, file);
    if (!upload) return; // the error middleware turns an empty /api/ reply into the contract's 404
    ctx.set('Content-Type', upload.contentType);
    ctx.set('Content-Length', String(upload.size));
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Names change whenever a logo changes, so a stored image never changes under its name.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = upload.stream;
  });

  for (const { path, entityType } of LOGO_OWNERS) {
    router.put(path, requireUser, async (ctx) => {
      const { id } = parse(idParamsSchema, ctx.params);
      const { logoUrl } = parseBody(setLogoSchema, ctx.request.body);
      await ensureLogoOwnerExists(em, entityType, id);
      if (!(await uploadExists(uploadDir, logoUrl))) throw badRequest('Logo no válido');
      const previous = await replaceLogo(em, entityType, id, logoUrl);
      await removeStoredLogo(uploadDir, previous);
      ctx.body = { logoPath: logoUrl } satisfies LogoPathReply;
    });

    router.delete(path, requireUser, async (ctx) => {
      const { id } = parse(idParamsSchema, ctx.params);
      const previous = await replaceLogo(em, entityType, id, null);
      await removeStoredLogo(uploadDir, previous);
      ctx.body = { message: 'Logo eliminado' };
    });
  }

  return router;
}
