import Router from '@koa/router';
import type { Context } from 'koa';
import { erasureSchema, idParamsSchema, playerDataQuery, playerMergeSchema, playerRegistrationSchema, validatePlayerSchema } from '../../../contract';
import { rateLimitByAddress } from '../../platform/http/rate-limit';
import { isKioskOf } from '../devices/kiosk-of';
import { accessOf, allow, allowListed, inParams, publicRoute } from '../../platform/access/route-access';
import { parse, parseBody } from '../../platform/http/validate';
import type { RouteDependencies } from '../../platform/route-dependencies';
import { spendDocumentLookup, type LookupClient } from './document-limit';
import { canonicalDocument } from './document-number';
import { listDuplicatePlayers } from './duplicates';
import { erasePlayer, findPlayerData, listErasures } from './erasure';
import { listMerges, mergePlayers } from './merge';
import { everyMergedPlayer } from './merge-access';
import { applyNameChange, listPendingNameChanges } from './name-changes';
import { presentNameChange, presentRegisteredPlayer, presentValidatedPlayer } from './presenter';
import { registerOnlinePlayer, validatePlayer } from './service';

/**
 * Player level: public, rate-limited per address, and per document and client (every spelling of
 * a document is one: `canonicalDocument` first); replies never carry a phone or e-mail, and only
 * the caller's own document, in canonical form. A stored player's full name goes only to a set-up
 * kiosk of the trivia, or back to whoever registers it as it is stored. Admin level, `players.manage`: the name changes registrations
 * brought, and applying one; personal data and erasure; the players one document names twice, and
 * merging them ("Unir jugadores"). The lists and the search show players with data in the companies
 * where the user has it; a change to a player (applying a name change, an erasure, a merge) needs
 * it in every company the player has data in.
 */
export function playerRoutes({ dataSource, limiters, secret }: RouteDependencies) {
  const router = new Router({ prefix: '/api' });
  const limit = rateLimitByAddress(limiters.player);

  router.post('/players/validate', publicRoute, limit, async (ctx) => {
    const input = await canonicalDocument(dataSource.manager, parseBody(validatePlayerSchema, ctx.request.body));
    const deviceId = ctx.get('X-Device-Id');
    const kiosk = await isKioskOf(dataSource.manager, secret, input.questionGroupId, deviceId, ctx.get('X-Device-Secret'));
    const client: LookupClient = kiosk ? { kind: 'kiosk', deviceId } : { kind: 'address', address: ctx.ip };
    await spendDocumentLookup(limiters, secret, input, client);
    const found = await validatePlayer(dataSource.manager, input);
    ctx.body = { player: found ? presentValidatedPlayer(found.player, found.fromOtherCompany, kiosk ? 'kiosk' : 'public') : null };
  });

  router.post('/players', publicRoute, limit, async (ctx) => {
    const input = await canonicalDocument(dataSource.manager, parseBody(playerRegistrationSchema, ctx.request.body));
    await spendDocumentLookup(limiters, secret, input, { kind: 'address', address: ctx.ip });
    const player = await registerOnlinePlayer(dataSource.manager, input, ctx.ip);
    ctx.body = presentRegisteredPlayer(player, input.fullName);
  });

  const manages = (ctx: Context) => accessOf(ctx).companiesFor('players.manage');

  router.get('/player-name-changes', allowListed('players.manage'), async (ctx) => {
    ctx.body = (await listPendingNameChanges(dataSource.manager, manages(ctx))).map(presentNameChange);
  });

  router.post('/player-name-changes/:id/apply', allow(dataSource, 'players.manage', { ...inParams('nameChange'), everyCompany: true }), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    ctx.body = presentNameChange(await applyNameChange(dataSource.manager, id, ctx.state.user.id));
  });

  router.get('/player-data', allowListed('players.manage'), async (ctx) => {
    const { documentTypeId, documentNumber } = parse(playerDataQuery, ctx.query);
    ctx.body = await findPlayerData(dataSource.manager, documentTypeId, documentNumber, manages(ctx));
  });

  router.post('/player-data/:id/erase', allow(dataSource, 'players.manage', { ...inParams('player'), everyCompany: true }), async (ctx) => {
    const { id } = parse(idParamsSchema, ctx.params);
    const input = parseBody(erasureSchema, ctx.request.body);
    ctx.body = await erasePlayer(dataSource.manager, id, input, ctx.state.user.id, secret);
  });

  router.get('/player-erasures', allowListed('players.manage'), async (ctx) => {
    ctx.body = await listErasures(dataSource.manager, manages(ctx), ctx.state.user.id);
  });

  router.get('/player-duplicates', allowListed('players.manage'), async (ctx) => {
    ctx.body = await listDuplicatePlayers(dataSource.manager, manages(ctx));
  });

  router.post('/player-merges', everyMergedPlayer(dataSource), async (ctx) => {
    const input = parseBody(playerMergeSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await mergePlayers(dataSource.manager, input, ctx.state.user.id);
  });

  router.get('/player-merges', allowListed('players.manage'), async (ctx) => {
    ctx.body = await listMerges(dataSource.manager, manages(ctx));
  });

  return router;
}
