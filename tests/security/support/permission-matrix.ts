import { isDeepStrictEqual } from 'node:util';
import type { ObjectKind } from '../../../api/platform/access/not-found';
import type { ObjectTarget, RouteAccess } from '../../../api/platform/access/route-access';
import { roleCan } from '../../../contract';
import type { TestResponse } from '../../support/http-client';
import { routeName, type ApiRoute } from '../../support/route-list';
import { VALID_BODIES } from './permission-bodies';
import type { Caller } from './permission-callers';
import type { MatrixObjects } from './permission-objects';

/**
 * What a caller must get from a route, from the route's declaration and COMPANY_ACTIONS
 * (contract/permissions.ts) alone, never from a table of statuses:
 * - `unauthenticated`: 401, signed out on any route that is not public;
 * - `passes`: past the guard: neither 401 nor 403, and not the 404 of a missing object;
 * - `owner_required`, `role_forbidden`: 403 with that code;
 * - `hidden`: the 404 the route gives an object that does not exist, status and body alike.
 */
export const OUTCOMES = ['unauthenticated', 'passes', 'owner_required', 'role_forbidden', 'hidden'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A route with its declaration. */
export type DeclaredRoute = ApiRoute & { access: Exclude<RouteAccess, { level: 'public' }> };

export function expectedOutcome(access: DeclaredRoute['access'], caller: Caller): Outcome {
  if (caller.kind === 'signed-out') return 'unauthenticated';
  if (access.level === 'signed-in' || caller.kind === 'owner') return 'passes';
  if (access.level === 'owner') return 'owner_required';
  // An object of a company beyond reach is hidden; a list (no targets) the route filters itself,
  // so there a role with the action passes wherever its company is.
  if (access.targets.length > 0 && caller.scope === 'out') return 'hidden';
  return roleCan(caller.role, access.action) ? 'passes' : 'role_forbidden';
}

/** An id no object has (a positive 32-bit integer, as every id in a path is). */
export const MISSING_ID = 2_000_000_000;

/** The kind of object a path parameter that is not a declared target names: by its name, or for `:id` by the segment before it. */
const PARAM_KINDS: Record<string, ObjectKind> = { companyId: 'company', campaignId: 'campaign', groupId: 'group', questionGroupId: 'group' };
const RESOURCE_KINDS: Record<string, keyof MatrixObjects> = {
  companies: 'company',
  locations: 'location',
  'question-groups': 'group',
  questions: 'question',
  campaigns: 'campaign',
  'campaign-question-groups': 'campaignLink',
  'player-attempts': 'attempt',
  'player-name-changes': 'nameChange',
  'ranking-disqualifications': 'disqualification',
  'player-data': 'player',
  players: 'player',
  draws: 'draw',
  users: 'user',
};
/** Path parameters that name no object: a session's handle, an upload's token or file. */
const PLAIN_PARAMS: Record<string, string> = { handle: 'a'.repeat(32), token: 'not-a-signed-token', file: 'not-a-file.png' };

export interface MatrixRequest {
  method: string;
  path: string;
  body?: Record<string, unknown>;
}

const targetsOf = (route: DeclaredRoute): ObjectTarget[] => (route.access.level === 'company' ? route.access.targets : []);

/**
 * The request a route gets: each declared target (path, query or body) an object of its kind,
 * the other path parameters filled by name, the body a valid one (./permission-bodies.ts) where
 * the route takes one.
 */
export function requestFor(route: DeclaredRoute, objects: MatrixObjects): MatrixRequest {
  const targets = targetsOf(route);
  const idOf = (target: ObjectTarget) => objects[target.kind];
  const segments = route.path.split('/');
  const path = segments
    .map((segment, index) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const target = targets.find((t) => t.from === 'params' && t.name === name);
      if (target) return String(idOf(target));
      const kind = name === 'id' ? RESOURCE_KINDS[segments[index - 1]!] : PARAM_KINDS[name];
      const value = kind ? objects[kind] : PLAIN_PARAMS[name];
      if (value === undefined) throw new Error(`matrix: no value for :${name} in ${routeName(route)}; add one`);
      return String(value);
    })
    .join('/');
  const query = targets.filter((t) => t.from === 'query').map((t) => `${encodeURIComponent(t.name)}=${idOf(t)}`);
  const bodyTargets = targets.filter((t) => t.from === 'body');
  const body = { ...VALID_BODIES[routeName(route)]?.(objects), ...Object.fromEntries(bodyTargets.map((t) => [t.name, idOf(t)])) };
  const sendsBody = route.method !== 'GET' && (route.method !== 'DELETE' || bodyTargets.length > 0);
  return { method: route.method, path: query.length ? `${path}?${query.join('&')}` : path, ...(sendsBody ? { body } : {}) };
}

/** The target an out-of-scope caller is refused on: the first the guard checks. */
export const firstTarget = (route: DeclaredRoute): ObjectTarget | undefined => targetsOf(route)[0];

/**
 * The objects with the first target's kind gone: every field and parameter of that kind names
 * nothing (a body whose fields must agree, as a trivia in the path and in the body, still does).
 */
export function withoutFirstTarget(route: DeclaredRoute, objects: MatrixObjects): MatrixObjects {
  const target = firstTarget(route);
  return target ? { ...objects, [target.kind]: MISSING_ID } : objects;
}

export type Reply = Pick<TestResponse, 'status' | 'body'>;

const shown = (reply: Reply) => `${reply.status} ${JSON.stringify(reply.body)?.slice(0, 160)}`;

/**
 * What is wrong with a reply for the outcome expected, or undefined. `missingReply` is the route's
 * own reply for an id that names nothing (for routes with targets).
 */
export function replyProblem(outcome: Outcome, reply: Reply, missingReply: Reply | undefined): string | undefined {
  const code = (reply.body as { code?: unknown } | undefined)?.code;
  const looksMissing = missingReply !== undefined && reply.status === 404 && isDeepStrictEqual(reply.body, missingReply.body);
  if (reply.status >= 500 && reply.status !== 503) return `expected ${outcome}, got ${shown(reply)}`;
  switch (outcome) {
    case 'unauthenticated':
      return reply.status === 401 && code === 'unauthenticated' ? undefined : `expected 401 unauthenticated, got ${shown(reply)}`;
    case 'owner_required':
    case 'role_forbidden':
      return reply.status === 403 && code === outcome ? undefined : `expected 403 ${outcome}, got ${shown(reply)}`;
    case 'hidden':
      if (missingReply?.status === 400) return `a missing id gets ${shown(missingReply)}: give the route a valid body in tests/security/support/permission-bodies.ts`;
      if (missingReply?.status !== 404) return `expected the reply of a missing object, but a missing id gets ${missingReply ? shown(missingReply) : 'nothing'}; out of scope: ${shown(reply)}`;
      return looksMissing ? undefined : `expected ${shown(missingReply)} (as a missing id), got ${shown(reply)}`;
    case 'passes':
      return reply.status === 401 || reply.status === 403 || looksMissing ? `expected to pass the guard, got ${shown(reply)}` : undefined;
  }
}
