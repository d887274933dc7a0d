import type { Context, Next } from 'koa';
import type { DataSource } from 'typeorm';
import { playerMergeSchema } from '../../../contract';
import { allow, declareAs, inBody, inParams, type GuardMiddleware, type RouteAccess } from '../../platform/access/route-access';
import { unauthorized } from '../../platform/http/errors';
import { parseBody } from '../../platform/http/validate';

/**
 * The guard of POST /api/player-merges: a merge changes every player it names, so the user needs
 * `players.manage` in every company each of them has data in. Each player goes through the one
 * rule of a change to a player (`allow` with `everyCompany`), as if named in the path: a player
 * beyond reach is the player's 404, one shared with another company 403 `player_out_of_reach`.
 * Declared as that rule over the kept player (the body's list is validated as the route does).
 */
export function everyMergedPlayer(dataSource: DataSource): GuardMiddleware {
  const onePlayer = allow(dataSource, 'players.manage', { ...inParams('player'), everyCompany: true });
  const declared: RouteAccess = { level: 'company', action: 'players.manage', targets: [{ ...inBody('player', 'keepPlayerId'), everyCompany: true }] };
  return declareAs(declared, async (ctx: Context, next: Next) => {
    if (!ctx.state.user) throw unauthorized();
    const { playerIds } = parseBody(playerMergeSchema, ctx.request.body);
    const passed = async () => {};
    for (const id of playerIds) await onePlayer(Object.create(ctx, { params: { value: { id: String(id) } } }) as Context, passed);
    await next();
  });
}
