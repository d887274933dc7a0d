import Router from '@koa/router';
import { deviceHeartbeatSchema, deviceRegistrationSchema, KIOSK_CERTIFICATE_HEADER, type DeviceHeartbeatReply, type DeviceReceipt, type DeviceRegistration } from '../../../contract';
import { restoreKiosk } from './kiosk-certificate';
import { markedKiosk } from './kiosk-browser';
import { markKioskDataLost } from './kiosk-setup';
import { publicRoute } from '../../platform/access/route-access';
import { parseBody } from '../../platform/http/validate';
import { rateLimitByAddress } from '../../platform/http/rate-limit';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { AppError, toAppError } from '../../platform/http/errors';
import { issueContactTicket, readContactTicket } from './contact-ticket';
import { deviceReceipt } from './receipt';
import { authenticateDevice, registerDevice, touchDevice } from './service';

/**
 * Player level: a browser registers itself once and keeps the reply in IndexedDB; a registered
 * device (X-Device-Id / X-Device-Secret, as for /api/sync) reads what the server stored from it,
 * and a set-up kiosk with nothing to send beats a heartbeat so the devices screen knows it is there.
 */
const BUSY_ADDRESS = 'El servidor está ocupado: demasiados dispositivos nuevos desde esta red. Tu resultado se enviará en cuanto pueda recibirlo.';

export function deviceRoutes({ config, dataSource, limiters, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  // New devices have their own, hourly limit per address (DEVICE_RATE_LIMIT): each may hold results.
  // A refusal carries a contact ticket, so the phone's later registration dates from this request.
  router.post('/devices', publicRoute, rateLimitByAddress(limiters.player), async (ctx) => {
    const { contactTicket } = parseBody(deviceRegistrationSchema, ctx.request.body ?? {});
    const now = new Date();
    await limiters.device.spend(ctx.ip).catch((error: unknown) => {
      const refusal = toAppError(error);
      if (refusal?.status === 429) throw new AppError(429, BUSY_ADDRESS, { ...refusal.extra, contactTicket: issueContactTicket(secret, now) });
      throw error;
    });
    const firstAskedAt = readContactTicket(secret, contactTicket, now, config.fairPlay.offlineWindowMs);
    const registration: DeviceRegistration = await registerDevice(dataSource.manager, secret, firstAskedAt);
    // A browser still marked as a kiosk that registers anew lost its data: the kiosk is flagged, and the browser told.
    const marked = markedKiosk(ctx);
    const lostKiosk = marked ? await markKioskDataLost(dataSource.manager, marked) : null;
    ctx.status = 201;
    ctx.body = lostKiosk ? { ...registration, lostKiosk } : registration;
  });
  router.get('/devices/me/receipt', publicRoute, rateLimitByAddress(limiters.player), async (ctx) => {
    const deviceId = await authenticateDevice(dataSource.manager, secret, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    ctx.body = (await deviceReceipt(dataSource.manager, deviceId)) satisfies DeviceReceipt;
  });
  router.post('/devices/me/heartbeat', publicRoute, rateLimitByAddress(limiters.player), async (ctx) => {
    const { acknowledged } = parseBody(deviceHeartbeatSchema, ctx.request.body);
    const deviceId = await authenticateDevice(dataSource.manager, secret, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    await restoreKiosk(dataSource.manager, secret, deviceId, ctx.get(KIOSK_CERTIFICATE_HEADER) || undefined);
    const { lastSeenAt, lastMutationId } = await touchDevice(dataSource.manager, deviceId, acknowledged);
    ctx.body = {
      lastSeenAt: lastSeenAt.toISOString(),
      lastMutationId,
      offlineWindowHours: config.fairPlay.offlineWindowMs / 3600_000,
      keepConfirmedHours: config.fairPlay.keepConfirmedMs / 3600_000,
    } satisfies DeviceHeartbeatReply;
  });
  return router;
}
