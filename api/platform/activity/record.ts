import type { Context } from 'koa';
import type { EntityManager } from 'typeorm';
import type { ActivityAction, ActivityChanges, ActivityChangeValue, ActivityKind } from '../../../contract';
import { ActivityEntryEntity } from '../../../db/entities';
import { companiesOf } from '../access/object-companies';

/**
 * The one writer of "Actividad": every state-changing admin request records one entry with the
 * entity manager of its change's transaction, so the entry and the change are kept or lost
 * together.
 */

/** Who makes a change, and from which client address. */
export interface Actor {
  userId: number;
  address: string | null;
}

/** The actor of a signed-in request (the routes that change anything are signed in). */
export function actorOf(ctx: Context): Actor {
  const user = ctx.state.user as { id: number } | undefined;
  if (!user) throw new Error('actorOf: the request is not signed in');
  return { userId: user.id, address: ctx.ip || null };
}

export interface ActivityRecord {
  /** The company of the object; null for the whole installation (users). */
  companyId: number | null;
  kind: ActivityKind;
  objectId: number | null;
  action: ActivityAction;
  /** One line in Spanish; never a player's name or document (those go in `changes`, of an entry `aboutPlayers`). */
  summary: string;
  changes?: ActivityChanges | null;
  /**
   * The players whose data (a name, a document, a reason naming them) the entry's changes hold: it
   * is personal, hidden from roles without `players.manage`, and erasing one of them clears its changes.
   */
  aboutPlayers?: number[];
}

const SUMMARY_MAX = 300;

export async function recordActivity(em: EntityManager, actor: Actor, entry: ActivityRecord): Promise<void> {
  const summary = entry.summary.length > SUMMARY_MAX ? `${entry.summary.slice(0, SUMMARY_MAX - 1)}…` : entry.summary;
  const changes = entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null;
  await em.insert(ActivityEntryEntity, {
    userId: actor.userId,
    address: actor.address?.slice(0, 64) ?? null,
    companyId: entry.companyId,
    objectKind: entry.kind,
    objectId: entry.objectId,
    action: entry.action,
    summary,
    changes,
    personal: (entry.aboutPlayers?.length ?? 0) > 0,
    playerIds: entry.aboutPlayers?.length ? entry.aboutPlayers : null,
  });
}

/** Erasing a player: every entry about them keeps who did what, but nothing of the person. */
export async function forgetPlayerInActivity(em: EntityManager, playerId: number): Promise<void> {
  await em.query(`UPDATE activity_entries SET changes = NULL WHERE $1 = ANY(player_ids)`, [playerId]);
}

/** A document number as an entry shows it: its last four characters, the rest hidden ("••••5678"). */
export function maskDocument(document: string | null | undefined): string | null {
  if (!document) return null;
  return `••••${document.slice(-4)}`;
}

/** How long a text value an entry keeps (a question's text, a description) before it is cut. */
const VALUE_MAX = 500;

function shown(value: unknown): ActivityChangeValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX - 1)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const json = JSON.stringify(value);
  return json.length > VALUE_MAX ? `${json.slice(0, VALUE_MAX - 1)}…` : json;
}

const same = (a: ActivityChangeValue, b: ActivityChangeValue) => a === b;

/**
 * The fields that differ between two versions of an object, {field: [before, after]}: only the
 * `fields` named (never a password hash or a secret), documents listed in `documents` masked.
 * `before` null: a creation (every field from null); `after` null: a deletion.
 */
export function changesBetween<T extends object>(
  before: Partial<T> | null,
  after: Partial<T> | null,
  fields: readonly (keyof T & string)[],
  documents: readonly (keyof T & string)[] = [],
): ActivityChanges {
  const changes: ActivityChanges = {};
  for (const field of fields) {
    const mask = documents.includes(field);
    const read = (version: Partial<T> | null) => {
      const value = version?.[field];
      return mask ? maskDocument(value as string | null | undefined) : shown(value);
    };
    const was = read(before);
    const is = read(after);
    if (!same(was, is)) changes[field] = [was, is];
  }
  return changes;
}

/** The company of a trivia (an entry about it, its questions or its results belongs there); null when it is gone. */
export async function triviaCompany(em: EntityManager, groupId: number): Promise<number | null> {
  const [row] = (await em.query('SELECT company_id FROM question_groups WHERE id = $1', [groupId])) as { company_id: number }[];
  return row?.company_id ?? null;
}

/** A question's answers as one value of an entry: their texts in order, the correct one marked. */
export const answersText = (answers: readonly { text: string; isCorrect: boolean }[]) => answers.map((answer) => `${answer.text}${answer.isCorrect ? ' ✓' : ''}`).join(' | ');

/** A question's text as an entry's summary quotes it. */
export const quoted = (text: string, max = 80) => `«${text.length > max ? `${text.slice(0, max - 1)}…` : text}»`;

/**
 * The company an entry about a player belongs to: the one company the player has data in, or null
 * (the installation's, seen by owners only) when they have data in several or none
 * (docs/decisions.md, "Activity"). Read before the change, which may delete the player.
 */
export async function playerCompany(em: EntityManager, playerId: number): Promise<number | null> {
  const companies = await companiesOf(em, 'player', playerId);
  return companies?.length === 1 ? companies[0]! : null;
}

/** An entry of "Actividad" about a user: the installation's, seen by owners only. */
export function recordUser(tx: EntityManager, actor: Actor, user: { id: number }, action: ActivityAction, summary: string, changes?: ActivityChanges) {
  return recordActivity(tx, actor, { companyId: null, kind: 'user', objectId: user.id, action, summary, changes });
}
