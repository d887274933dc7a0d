import Router from '@koa/router';
import { erasureSchema, idParamsSchema, playerDataQuery, playerMergeSchema, playerRegistrationSchema, validatePlayerSchema } from '../../../contract';
import { rateLimitByAddress } from '../../platform/http/rate-limit';
import { isKioskOf } from '../devices/kiosk-of';
import { signedIn } from '../../platform/access/route-access';
import { actorOf } from '../../platform/activity/record';
import { parse, parseBody } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { spendDocumentLookup, type LookupClient } from './document-limit';
import { canonicalDocument } from './document-number';
import { listDuplicatePlayers } from './duplicates';
import { erasePlayer, findPlayerData, listErasures } from './erasure';
import { listMerges, mergePlayers } from './merge';
import { applyNameChange, listPendingNameChanges } from './name-changes';
import { presentNameChange, presentRegisteredPlayer, presentValidatedPlayer } from './presenter';
import { registerOnlinePlayer, validatePlayer } from './service';

/**
 * Player level: public, rate-limited per address, and per document and client (every spelling of
 * a document is one: `canonicalDocument` first); replies never carry a phone or e-mail, and only
 * the caller's own document, in canonical form. A stored player's full name goes only to a set-up
 * kiosk of the trivia, or back to whoever registers it as it is stored. Admin level: the name changes registrations
 * brought, and applying one; personal data and erasure; the players one document names twice, and
 * merging them ("Unir jugadores").
 */
export function playerRoutes({ dataSource, limiters, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  const limit = rateLimitByAddress(limiters.player);

  router.post('/players/validate', limit, async (ctx) => {
    const input = await canonicalDocument(dataSource.manager, parseBody(validatePlayerSchema, ctx.request.body));
    const deviceId = ctx.get('X-Device-Id');
    const kiosk = await isKioskOf(dataSource.manager, secret, input.questionGroupId, deviceId, ctx.get('X-Device-Secret'));
    const client: LookupClient = kiosk ? { kind: 'kiosk', deviceId } : { kind: 'address', address: ctx.ip };
    await spendDocumentLookup(limiters, secret, input, client);
    const found = await validatePlayer(dataSource.manager, input);
    ctx.body = { player: found ? presentValidatedPlayer(found.player, found.fromOtherCompany, kiosk ? 'kiosk' : 'public') : null };
  });

  router.post('/players', limit, async (ctx) => {
    const input = await canonicalDocument(dataSource.manager, parseBody(playerRegistrationSchema, ctx.request.body));
    await spendDocumentLookup(limiters, secret, input, { kind: 'address', address: ctx.ip });
    const player = await registerOnlinePlayer(dataSource.manager, input, ctx.ip);
    ctx.body = presentRegisteredPlayer(player, input.fullName);
  });

  router.get('/player-name-changes', signedIn, async (ctx) => {
    ctx.body = (await listPendingNameChanges(dataSource.manager)).map(presentNameChange);
  });

  router.post('/player-name-changes/:id/apply', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentNameChange(await applyNameChange(dataSource.manager, id, actorOf(ctx)));
  });

  router.get('/player-data', signedIn, async (ctx) => {
    const { documentTypeId, documentNumber } = parse(playerDataQuery, ctx.query);
    ctx.body = await findPlayerData(dataSource.manager, documentTypeId, documentNumber);
  });

  router.post('/player-data/:id/erase', signedIn, async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(erasureSchema, ctx.request.body);
    ctx.body = await erasePlayer(dataSource.manager, id, input, actorOf(ctx), secret);
  });

  router.get('/player-erasures', signedIn, async (ctx) => {
    ctx.body = await listErasures(dataSource.manager);
  });

  router.get('/player-duplicates', signedIn, async (ctx) => {
    ctx.body = await listDuplicatePlayers(dataSource.manager);
  });

  router.post('/player-merges', signedIn, async (ctx) => {
    const input = parseBody(playerMergeSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await mergePlayers(dataSource.manager, input, actorOf(ctx));
  });

  router.get('/player-merges', signedIn, async (ctx) => {
    ctx.body = await listMerges(dataSource.manager);
  });

  return router;
}
