import type { Context } from 'koa';
import type { EntityManager } from 'typeorm';
import { SESSION_HANDLE_LENGTH, type AccountSession } from '../../../contract';
import { conflict, notFound } from '../http/errors';
import { sha256 } from '../lib/crypto';
import type { UserEntity } from '../../../db/entities';
import type { Actor } from '../activity/record';
import { browserLabel } from './browser-label';
import { recordUser } from '../activity/record';

/**
 * "Sesiones abiertas" on "Mi cuenta": a user's own open sessions and ending one of them. A session
 * is named by a handle, a hash of its id, never by the id itself (the id is what its cookie
 * carries); only the user's own sessions are ever read or ended.
 */

/** The handle of a session id; the same expression runs in SQL below. */
const handleOf = (sessionId: string) => sha256(sessionId).slice(0, SESSION_HANDLE_LENGTH);
const HANDLE_SQL = `left(encode(sha256(convert_to(id, 'UTF8')), 'hex'), ${SESSION_HANDLE_LENGTH})`;

interface SessionRow {
  id: string;
  user_agent: string | null;
  address: string | null;
  signed_in_at: string | null;
  updated_at: Date;
}

const asText = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The id of this request's session (the one its cookie names). */
const currentId = (ctx: Context) => ctx.session?.externalKey;

/** The user's sessions still open (unexpired), the most recently used first. */
export async function listOwnSessions(ctx: Context, em: EntityManager, userId: number): Promise<AccountSession[]> {
  const rows: SessionRow[] = await em.query(
    `SELECT id, data->>'userAgent' AS user_agent, data->>'address' AS address, data->>'signedInAt' AS signed_in_at, updated_at
       FROM sessions
      WHERE data->>'userId' = $1 AND expires_at > now()
      ORDER BY updated_at DESC, id`,
    [String(userId)],
  );
  const current = currentId(ctx);
  return rows.map((row) => ({
    handle: handleOf(row.id),
    browser: browserLabel(row.user_agent),
    address: asText(row.address),
    signedInAt: row.signed_in_at && Number.isFinite(Number(row.signed_in_at)) ? new Date(Number(row.signed_in_at)).toISOString() : null,
    lastUsedAt: row.updated_at.toISOString(),
    current: row.id === current,
  }));
}

/**
 * Ends one of the user's other sessions: its row is deleted, so its cookie no longer works, with
 * its entry in "Actividad" (naming the browser as "Sesiones abiertas" does) in the same
 * transaction. 404 `session_not_found` for a handle that names no open session of theirs (another
 * user's included), 409 `current_session` for this browser's own (it signs out with Inicio's
 * "Logout", the one way to sign out).
 */
export async function endOwnSession(ctx: Context, em: EntityManager, user: UserEntity, handle: string, actor: Actor): Promise<void> {
  const current = currentId(ctx);
  if (current && handleOf(current) === handle) {
    throw conflict('Esta es la sesión que estás usando: ciérrala con «Logout» en Inicio.', { code: 'current_session' });
  }
  await em.transaction(async (tx) => {
    const [ended]: [{ user_agent: string | null }[], number] = await tx.query(
      `DELETE FROM sessions WHERE data->>'userId' = $1 AND ${HANDLE_SQL} = $2 RETURNING data->>'userAgent' AS user_agent`,
      [String(user.id), handle],
    );
    if (!ended.length) throw notFound('Esa sesión ya no está abierta', { code: 'session_not_found' });
    await recordUser(tx, actor, user, 'changed', `Cerró su sesión abierta en «${browserLabel(ended[0]!.user_agent)}»`);
  });
}
