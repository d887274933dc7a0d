import type { EntityManager } from 'typeorm';
import type { ActivityAuthor, ActivityChanges, ActivityEntry, ActivityFilter, ActivityKind, ActivityAction } from '../../../contract';
import type { Access } from '../access/access';

/**
 * What a reader of "Actividad" sees: the entries of the companies where they may `activity.view`
 * (an owner: every entry, the installation's own included), newest first, in keyset pages by
 * (at, id). Where the reader may not `players.manage` the entry's company, its address is left
 * out, and so are the changes of an entry with personal data (`redacted`). Where they may not
 * `content.edit`, a question's entry comes without its changes too: its answers carry the key (✓),
 * which reaches only those who edit the trivia (and the kiosks staff set up).
 */
export interface ActivityScope {
  /** Companies whose entries the reader sees; null: every entry (an owner). */
  companies: number[] | null;
  /** Companies whose personal data the reader sees; null: all. */
  personal: number[] | null;
  /** Companies whose answer key the reader sees (in a question's entry); null: all. */
  answerKey: number[] | null;
}

export const scopeOf = (access: Access): ActivityScope => ({
  companies: access.companiesFor('activity.view'),
  personal: access.companiesFor('players.manage'),
  answerKey: access.companiesFor('content.edit'),
});

const sees = (companies: number[] | null, companyId: number | null) => companies === null || (companyId !== null && companies.includes(companyId));

interface Row {
  id: number;
  at: Date;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  address: string | null;
  company_id: number | null;
  company_name: string | null;
  object_kind: ActivityKind;
  object_id: number | null;
  action: ActivityAction;
  summary: string;
  changes: ActivityChanges | null;
  personal: boolean;
}

/** The start of a day (YYYY-MM-DD) in the server's time zone (TZ), and of the day after. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`);
const startOfNextDay = (day: string) => {
  const start = startOfDay(day);
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
};

export interface Cursor {
  at: Date;
  id: number;
}
export const encodeCursor = (entry: { at: Date; id: number }) => `${entry.at.getTime()}_${entry.id}`;
export function decodeCursor(cursor: string): Cursor {
  const [ms, id] = cursor.split('_');
  return { at: new Date(Number(ms)), id: Number(id) };
}

function whereOf(scope: ActivityScope, filter: ActivityFilter, cursor: Cursor | undefined): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (scope.companies !== null) clauses.push(`e.company_id = ANY(${param(scope.companies)}::int[])`);
  if (filter.userId !== undefined) clauses.push(`e.user_id = ${param(filter.userId)}`);
  if (filter.companyId !== undefined) clauses.push(`e.company_id = ${param(filter.companyId)}`);
  if (filter.kind !== undefined) clauses.push(`e.object_kind = ${param(filter.kind)}`);
  if (filter.from) clauses.push(`e.at >= ${param(startOfDay(filter.from))}`);
  if (filter.to) clauses.push(`e.at < ${param(startOfNextDay(filter.to))}`);
  if (cursor) clauses.push(`(e.at, e.id) < (${param(cursor.at)}, ${param(cursor.id)})`);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

async function readRows(em: EntityManager, scope: ActivityScope, filter: ActivityFilter, cursor: Cursor | undefined, limit: number): Promise<Row[]> {
  const where = whereOf(scope, filter, cursor);
  return em.query(
    `SELECT e.id, e.at, e.user_id, u.first_name, u.last_name, u.username, e.address, e.company_id, c.name AS company_name,
            e.object_kind, e.object_id, e.action, e.summary, e.changes, e.personal
       FROM activity_entries e
       LEFT JOIN users u ON u.id = e.user_id
       LEFT JOIN companies c ON c.id = e.company_id
       ${where.sql}
      ORDER BY e.at DESC, e.id DESC
      LIMIT ${Number(limit)}`,
    where.params,
  );
}

function present(row: Row, scope: ActivityScope): ActivityEntry {
  const seesPersonal = sees(scope.personal, row.company_id);
  const redacted = (row.personal && !seesPersonal) || (row.object_kind === 'question' && !sees(scope.answerKey, row.company_id));
  return {
    id: row.id,
    at: row.at.toISOString(),
    author: row.user_id === null ? null : { id: row.user_id, name: `${row.first_name} ${row.last_name}`.trim(), username: row.username ?? '' },
    address: seesPersonal ? row.address : null,
    companyId: row.company_id,
    companyName: row.company_name,
    kind: row.object_kind,
    objectId: row.object_id,
    action: row.action,
    summary: row.summary,
    changes: redacted ? null : row.changes,
    personal: row.personal,
    redacted,
  };
}

/** One page, newest first, and the cursor of the next (older) one. */
export async function activityPage(em: EntityManager, scope: ActivityScope, filter: ActivityFilter, cursor: Cursor | undefined, limit: number) {
  const rows = await readRows(em, scope, filter, cursor, limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { entries: page.map((row) => present(row, scope)), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** Every entry the filter names, page after page, for the export (a generator: one page in memory at a time). */
export async function* everyActivityEntry(em: EntityManager, scope: ActivityScope, filter: ActivityFilter, pageSize = 1000): AsyncGenerator<ActivityEntry> {
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await readRows(em, scope, filter, cursor, pageSize);
    for (const row of rows) yield present(row, scope);
    const last = rows[rows.length - 1];
    if (rows.length < pageSize || !last) return;
    cursor = { at: last.at, id: last.id };
  }
}

/** The people whose changes the reader may see: the "Persona" filter's choices, by name. */
export async function activityAuthors(em: EntityManager, scope: ActivityScope): Promise<ActivityAuthor[]> {
  const rows: { id: number; first_name: string; last_name: string; username: string }[] = await em.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM users u
      WHERE EXISTS (SELECT 1 FROM activity_entries e WHERE e.user_id = u.id ${scope.companies === null ? '' : 'AND e.company_id = ANY($1::int[])'})
      ORDER BY u.first_name, u.last_name, u.id`,
    scope.companies === null ? [] : [scope.companies],
  );
  return rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`.trim(), username: row.username }));
}
