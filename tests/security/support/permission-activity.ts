import type { DataSource } from 'typeorm';
import { routeName, type ApiRoute } from '../../support/route-list';
import type { Reply } from './permission-matrix';

/**
 * "Actividad" in the matrix (docs/decisions.md, "Activity"): every state-changing call that
 * answers 2xx adds exactly one entry, any other state-changing call none. Counted by SQL, per
 * author: the entries a signed-in caller's call adds are theirs; a signed-out caller's calls run
 * alone and are counted over the whole table.
 */

/**
 * The state-changing routes whose 2xx writes no entry, each with why: the one list of them. Keep it
 * short; a route that changes anything a person did belongs in "Actividad".
 */
export const UNRECORDED_ROUTES: Readonly<Record<string, string>> = {
  'POST /api/question-groups/:id/questions/import/preview': 'reads the file and answers what an import would do; nothing is stored',
};

/** Whether a route changes state (its method): the calls whose entries the matrix counts. */
export const changesState = (route: Pick<ApiRoute, 'method'>) => route.method !== 'GET';

/** How many entries `userId` has written, or the whole table's for null (a signed-out caller). */
export async function entriesBy(dataSource: DataSource, userId: number | null): Promise<number> {
  const [row] = (await dataSource.query('SELECT count(*)::int AS n FROM activity_entries WHERE $1::int IS NULL OR user_id = $1', [userId])) as { n: number }[];
  return row!.n;
}

/** How many entries a call must add: one for a 2xx of a recorded route, none for anything else. */
export const entriesExpected = (route: Pick<ApiRoute, 'method' | 'path'>, reply: Reply) =>
  reply.status >= 200 && reply.status < 300 && !(routeName(route) in UNRECORDED_ROUTES) ? 1 : 0;

/** What is wrong with the entries a call added, or undefined. */
export function activityProblem(route: Pick<ApiRoute, 'method' | 'path'>, reply: Reply, added: number): string | undefined {
  const expected = entriesExpected(route, reply);
  if (added === expected) return undefined;
  return expected === 1
    ? `answered ${reply.status} but added ${added} entries to "Actividad" (expected 1: record it in the change's transaction, api/platform/activity/record.ts)`
    : `answered ${reply.status} and added ${added} entries to "Actividad" (expected none)`;
}
