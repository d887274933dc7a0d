import type { Context, Middleware, Next } from 'koa';
import { idParam, OWNER_REQUIRED_REFUSAL, PLAYER_OUT_OF_REACH_REFUSAL, ROLE_REFUSAL, type CompanyAction } from '../../../contract';
import type { DataSource } from 'typeorm';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import type { Access } from './access';
import { missing, type ObjectKind } from './not-found';
import { companiesOf } from './object-companies';

/**
 * Every route declares who may call it, first in its middleware, with one of the guards below
 * (docs/permissions.md). The declaration is kept on the middleware (`routeAccess`), so a test
 * reads it from the routers themselves and fails for a route without one
 * (tests/security/permissions-declared.test.ts).
 */
export type RouteAccess =
  | { level: 'public' }
  | { level: 'signed-in' }
  | { level: 'owner' }
  | { level: 'company'; action: CompanyAction; targets: ObjectTarget[] };

/** Where a route finds the object it touches, and of which kind it is. */
export interface ObjectTarget {
  kind: ObjectKind;
  /** Where the id is: a path parameter, a query parameter, or a field of the JSON body. */
  from: 'params' | 'query' | 'body';
  name: string;
  /** A change to a player reaches every company the player has data in: the user needs the action in all of them. */
  everyCompany?: boolean;
}

export type GuardMiddleware = Middleware & { routeAccess: RouteAccess };

/** A guard of a route's own, declared as the level it amounts to (the matrix test calls it as that level). */
export const declareAs = (access: RouteAccess, middleware: Middleware): GuardMiddleware => Object.assign(middleware, { routeAccess: access });

/** The access of the request's user; only on a signed-in request. */
export const accessOf = (ctx: Context): Access => ctx.state.access as Access;

/** Anyone, signed in or not (a player's, a kiosk's, a public screen's route). */
export const publicRoute = declareAs({ level: 'public' }, (_ctx, next) => next());

/** Any signed-in user, whatever their reach: their own account, who they are. */
export const signedIn = declareAs({ level: 'signed-in' }, async (ctx, next) => {
  if (!ctx.state.user) throw unauthorized();
  await next();
});

/** Owners only: the users, the installation's settings, companies made or deleted. 403 `owner_required` for anyone else. */
export const ownerOnly = declareAs({ level: 'owner' }, async (ctx, next) => {
  if (!ctx.state.user) throw unauthorized();
  if (!accessOf(ctx).owner) throw forbidden(OWNER_REQUIRED_REFUSAL, { code: 'owner_required' });
  await next();
});

/** A target read from a path parameter (`:id` unless named). */
export const inParams = (kind: ObjectKind, name = 'id'): ObjectTarget => ({ kind, from: 'params', name });
export const inQuery = (kind: ObjectKind, name: string): ObjectTarget => ({ kind, from: 'query', name });
export const inBody = (kind: ObjectKind, name: string): ObjectTarget => ({ kind, from: 'body', name });

const optionalId = idParam.optional();
const roleRefusal = () => forbidden(ROLE_REFUSAL, { code: 'role_forbidden' });

function targetId(ctx: Context, target: ObjectTarget): number | undefined {
  const source = target.from === 'params' ? ctx.params : target.from === 'query' ? ctx.query : (ctx.request as { body?: unknown }).body;
  const raw = source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[target.name] : undefined;
  const parsed = optionalId.safeParse(raw);
  // An id no route would accept is refused here, so a guard never lets through what it could not read.
  if (!parsed.success) throw badRequest(`${target.name}: identificador no válido`, { code: 'validation_failed' });
  return parsed.data;
}

/**
 * A company action on the object(s) a route touches. Signed out: 401. An object beyond the user's
 * reach: the 404 of a missing one (./not-found.ts), as if it did not exist. Within reach but a
 * role without the action: 403 `role_forbidden`. A missing object, or an id left out, passes to
 * the route, which answers as it always does. Owners pass without a query.
 */
export function allow(dataSource: DataSource, action: CompanyAction, ...targets: ObjectTarget[]): GuardMiddleware {
  return declareAs({ level: 'company', action, targets }, async (ctx: Context, next: Next) => {
    if (!ctx.state.user) throw unauthorized();
    const access = accessOf(ctx);
    // An owner passes without reading the ids: the route refuses a malformed one with its own schema's message.
    if (access.owner) return next();
    for (const target of targets) {
      const id = targetId(ctx, target);
      if (id === undefined) continue;
      const companies = await companiesOf(dataSource.manager, target.kind, id);
      if (companies === null) continue;
      if (!companies.some((companyId) => access.reaches(companyId))) throw missing(target.kind);
      const allowed = target.everyCompany ? companies.every((companyId) => access.can(action, companyId)) : companies.some((companyId) => access.can(action, companyId));
      if (!allowed) throw target.everyCompany && companies.some((companyId) => access.can(action, companyId)) ? forbidden(PLAYER_OUT_OF_REACH_REFUSAL, { code: 'player_out_of_reach' }) : roleRefusal();
    }
    await next();
  });
}

/**
 * A list or search across companies: any user who may do the action somewhere passes (others 403
 * `role_forbidden`), and the route shows only the companies `accessOf(ctx).companiesFor(action)`
 * names (null for an owner: every company).
 */
export function allowListed(action: CompanyAction): GuardMiddleware {
  return declareAs({ level: 'company', action, targets: [] }, async (ctx: Context, next: Next) => {
    if (!ctx.state.user) throw unauthorized();
    const companies = accessOf(ctx).companiesFor(action);
    if (companies !== null && companies.length === 0) throw roleRefusal();
    await next();
  });
}

/** The declaration of a route's middleware, if its first one is a guard. */
export function routeAccessOf(stack: readonly unknown[]): RouteAccess | undefined {
  const first = stack[0] as Partial<GuardMiddleware> | undefined;
  return first?.routeAccess;
}

