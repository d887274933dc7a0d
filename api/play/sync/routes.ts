import Router from '@koa/router';
import { KIOSK_CERTIFICATE_HEADER, syncRejectionsQuery, syncRequestSchema, type SyncReply } from '../../../contract';
import { addressKey } from '../attempts/address-limit';
import { authenticateDevice } from '../devices/service';
import { restoreKiosk } from '../devices/kiosk-certificate';
import { rateLimitByAddress } from '../../platform/http/rate-limit';
import { accessOf, allowListed, publicRoute } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { refuseOversizeMutations } from './limits';
import { presentRejection } from './presenter';
import { listRejections } from './rejections';
import { applySyncBatch } from './service';

/**
 * Player level: a device pushes its outbox; X-Device-Id and X-Device-Secret say which device.
 * Admin level: the mutations the server refused, kept for staff: `devices.manage`, of the devices
 * of the companies where the user has it.
 */
export function syncRoutes({ config, dataSource, limiters, metrics, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  router.post('/sync', publicRoute, rateLimitByAddress(limiters.player), async (ctx) => {
    const deviceId = await authenticateDevice(dataSource.manager, secret, ctx.get('X-Device-Id'), ctx.get('X-Device-Secret'));
    const { mutations, sentAt, more } = parseBody(syncRequestSchema, ctx.request.body);
    refuseOversizeMutations(mutations);
    await restoreKiosk(dataSource.manager, secret, deviceId, ctx.get(KIOSK_CERTIFICATE_HEADER) || undefined);
    const countSettled = (kind: string, outcome: string) => metrics.syncMutations.inc({ kind, outcome });
    const origin = { serverSecret: secret, fairPlay: config.fairPlay, addressKey: addressKey(secret, ctx.ip), sentAt, more };
    ctx.body = (await applySyncBatch(dataSource, deviceId, origin, mutations, countSettled)) satisfies SyncReply;
  });

  router.get('/sync/rejections', allowListed('devices.manage'), async (ctx) => {
    const { total, rows } = await listRejections(dataSource.manager, parse(syncRejectionsQuery, ctx.query), accessOf(ctx).companiesFor('devices.manage'));
    ctx.set('X-Total-Count', String(total));
    ctx.body = rows.map(presentRejection);
  });
  return router;
}
