import Router from '@koa/router';
import { idParamsSchema, kioskSetupCheckSchema, kioskSetupSchema, type KioskReleaseReply, type KioskSetupCheckReply, type KioskSetupReply } from '../../../contract';
import { authenticateDevice } from './service';
import { rateLimitByAddress } from '../../platform/http/rate-limit';
import { allow, inParams, publicRoute } from '../../platform/access/route-access';
import { endAdminSession } from '../../platform/http/session';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { issueKioskCertificate } from './kiosk-certificate';
import { clearKioskBrowser, markedKiosk, markKioskBrowser } from './kiosk-browser';
import { createSetupLink, redeemSetupLink, releaseKiosk, retireLostKiosk, setupLinkState } from './kiosk-setup';

/**
 * Admin level: a one-time kiosk setup link for a trivia (`devices.manage` in its company).
 * Player level: a registered device (X-Device-Id, X-Device-Secret) redeems one and becomes that
 * kiosk, or drops its kiosk role. A browser that asks to become a kiosk while signed in as an admin
 * is signed out first, whatever the link turns out to be, and once a kiosk it is marked so the
 * server refuses to sign it in (kiosk-browser.ts) until it drops the role: a kiosk never holds an
 * admin session.
 */
export function kioskRoutes({ dataSource, limiters, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.post('/question-groups/:id/kiosk-setup', allow(dataSource, 'devices.manage', inParams('group')), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.status = 201;
    ctx.body = await createSetupLink(em, id, actorOf(ctx));
  });

  router.post('/kiosk-setup', publicRoute, rateLimitByAddress(limiters.player), async (ctx) => {
    const adminSignedOut = endAdminSession(ctx);
    const deviceId = await authenticateDevice(em, secret, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    const input = parseBody(kioskSetupSchema, ctx.request.body);
    const kiosk = await redeemSetupLink(em, { deviceId, ...input });
    // The browser was a kiosk that lost its data: set up again, the lost one is retired.
    const previous = markedKiosk(ctx);
    if (previous && previous !== kiosk.deviceId) await retireLostKiosk(em, previous);
    markKioskBrowser(ctx, kiosk.deviceId);
    ctx.body = { ...kiosk, adminSignedOut, certificate: issueKioskCertificate(secret, kiosk) } satisfies KioskSetupReply;
  });

  // As the link opens, before staff fill the form: where it stands, without using it. Anyone with the link may ask; rate-limited like the setup.
  router.post('/kiosk-setup/check', publicRoute, rateLimitByAddress(limiters.player), async (ctx) => {
    ctx.body = { state: await setupLinkState(em, parseBody(kioskSetupCheckSchema, ctx.request.body)) } satisfies KioskSetupCheckReply;
  });

  router.post('/kiosk-release', publicRoute, rateLimitByAddress(limiters.player), async (ctx) => {
    const deviceId = await authenticateDevice(em, secret, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    await releaseKiosk(em, deviceId);
    clearKioskBrowser(ctx);
    ctx.body = { released: true } satisfies KioskReleaseReply;
  });
  return router;
}
