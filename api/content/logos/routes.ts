import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  idParamsSchema,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE_MESSAGE,
  setLogoSchema,
  uploadUrlSchema,
  type LogoEntityType,
  type LogoPathReply,
  type UploadedLogo,
  type UploadUrlReply,
} from '../../../contract';
import { badRequest, forbidden } from '../../platform/http/errors';
import { sendImmutableFile } from '../../platform/http/immutable-file';
import { allow, allowListed, declareAs, inBody, inParams, publicRoute, type GuardMiddleware } from '../../platform/access/route-access';
import { closeWhenUnread, readUploadBody, refuseDeclaredOversize } from '../../platform/http/upload-body';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import type { ObjectKind } from '../../platform/access/not-found';
import { storedLogoPath } from './logo-url';
import { ensureLogoOwnerExists, LOGO_INVALID, objectNamePrefix, recordLogoUploadUrl, replaceLogo } from './service';
import { signUploadGrant, UPLOAD_URL_LIFETIME_MS, uploadUrlUsed, verifyUploadToken } from './signing';
import { imageExtension, openUpload, refuseWhenLogosBusy, removeStoredLogo, storeUpload, takeLogoPlace, UPLOADS_PREFIX, uploadExists } from './storage';
import { claimUpload, nameUploadFile, releaseClaim, sweepUnattachedUploads } from './upload-ledger';

const LOGO_OWNERS: { path: string; entityType: LogoEntityType; kind: ObjectKind }[] = [
  { path: '/companies/:id/logo', entityType: 'company', kind: 'company' },
  { path: '/question-groups/:id/logo', entityType: 'question-group', kind: 'group' },
];
const entityTypeOf = uploadUrlSchema.shape.entityType;

/**
 * POST /api/logos/upload-url: editing the content of the company or trivia the body names (the
 * kind of object is the body's `entityType`). Declared as the list guard it starts with (signed in,
 * editing somewhere); then the named object's guard. A body naming no known kind goes on to the
 * route, which refuses it.
 */
function editsLogoOwner(dataSource: DataSource): GuardMiddleware {
  const editsSomewhere = allowListed('content.edit');
  const owners = Object.fromEntries(LOGO_OWNERS.map(({ entityType, kind }) => [entityType, allow(dataSource, 'content.edit', inBody(kind, 'entityId'))]));
  return declareAs(editsSomewhere.routeAccess, (ctx, next) =>
    editsSomewhere(ctx, async () => {
      const entityType = entityTypeOf.safeParse((ctx.request.body as { entityType?: unknown } | undefined)?.entityType);
      await (entityType.success ? owners[entityType.data]!(ctx, next) : next());
    }),
  );
}

const uploadParams = z.object({ token: z.string().max(1000) });
const fileParams = z.object({ file: z.string().max(200) });

/**
 * Logos: signed upload URLs, the upload itself (checked by its bytes, one stored object per URL),
 * serving, and attaching to an entity. Uploads never attached are swept after `sweepAfterMs`,
 * each time an upload URL is handed out (uploads only pile up when admins upload).
 */
export function logoRoutes(dataSource: DataSource, uploadDir: string, secret: string, sweepAfterMs: number) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.post('/logos/upload-url', editsLogoOwner(dataSource), async (ctx) => {
    const { entityType, entityId } = parseBody(uploadUrlSchema, ctx.request.body);
    await recordLogoUploadUrl(em, actorOf(ctx), entityType, entityId);
    // Best effort: a sweep that fails (a file it cannot delete) is tried again at the next upload URL.
    await sweepUnattachedUploads(dataSource, uploadDir, sweepAfterMs).catch(() => 0);
    const objectName = `${objectNamePrefix(entityType, entityId)}${randomUUID()}`;
    const token = signUploadGrant(secret, { objectName, entityType, entityId, expiresAt: Date.now() + UPLOAD_URL_LIFETIME_MS });
    ctx.body = { uploadUrl: `${UPLOADS_PREFIX}${token}` } satisfies UploadUrlReply;
  });

  // The signature is the authorisation here (the CSRF guard exempts this path): no session needed.
  // Refused before its body is read: a length over the limit, the uploads in hand full (before any
  // database work), a URL used or in use (its claim), the uploads in hand full still once claimed.
  router.put('/uploads/:token', publicRoute, closeWhenUnread, async (ctx) => {
    const { token } = parse(uploadParams, ctx.params);
    const grant = verifyUploadToken(secret, token);
    // A grant for a logo names its owner's object; a picture's grant (signed with the same keys) is no logo's.
    if (!grant || !grant.objectName.startsWith(objectNamePrefix(grant.entityType, grant.entityId))) {
      throw forbidden('La URL de subida no es válida o ha expirado', { code: 'upload_url_invalid' });
    }
    refuseDeclaredOversize(ctx.req, LOGO_MAX_BYTES, LOGO_TOO_LARGE_MESSAGE);
    refuseWhenLogosBusy();
    // One stored object per URL, whatever image type a second upload brings.
    if (!(await claimUpload(em, grant.objectName))) throw uploadUrlUsed();
    let givePlaceBack = () => {};
    try {
      givePlaceBack = takeLogoPlace();
      const bytes = await readUploadBody(ctx.req, LOGO_MAX_BYTES, LOGO_TOO_LARGE_MESSAGE);
      const ext = await imageExtension(bytes);
      await nameUploadFile(em, grant.objectName, `${grant.objectName}.${ext}`);
      ctx.body = { logoUrl: await storeUpload(uploadDir, grant.objectName, ext, bytes) } satisfies UploadedLogo;
      ctx.status = 201;
    } catch (error) {
      await releaseClaim(em, grant.objectName);
      throw error;
    } finally {
      givePlaceBack();
    }
  });

  router.get('/uploads/:file', publicRoute, async (ctx) => {
    const { file } = parse(fileParams, ctx.params);
    const upload = await openUpload(uploadDir, file);
    if (!upload) return; // the error middleware turns an empty /api/ reply into the contract's 404
    // Names change whenever a logo changes, so a stored image never changes under its name.
    sendImmutableFile(ctx, upload);
  });

  for (const { path, entityType, kind } of LOGO_OWNERS) {
    const editOwner = allow(dataSource, 'content.edit', inParams(kind));
    router.put(path, editOwner, async (ctx) => {
      const { id } = parse(idParamsSchema, ctx.params);
      const { logoUrl: given } = parseBody(setLogoSchema, ctx.request.body);
      await ensureLogoOwnerExists(em, entityType, id);
      // The stored object's path, also when the client passes the upload URL it stored it through.
      const logoUrl = await storedLogoPath(em, secret, given);
      if (!logoUrl) throw badRequest(LOGO_INVALID);
      const previous = await replaceLogo(em, entityType, id, logoUrl, actorOf(ctx), (stored) => uploadExists(uploadDir, stored));
      await removeStoredLogo(uploadDir, previous);
      ctx.body = { logoPath: logoUrl } satisfies LogoPathReply;
    });

    router.delete(path, editOwner, async (ctx) => {
      const { id } = parse(idParamsSchema, ctx.params);
      const previous = await replaceLogo(em, entityType, id, null, actorOf(ctx));
      await removeStoredLogo(uploadDir, previous);
      ctx.body = { message: 'Logo eliminado' };
    });
  }

  return router;
}
