import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  ACCOUNT_LINK_REFUSALS,
  ACCOUNT_LINK_TTL_HOURS,
  ACCOUNT_PAGE_PREFIX,
  type AccountLink,
  type AccountLinkCheckReply,
  type AccountLinkPurpose,
  type InstallationRole,
} from '../../../contract';
import { conflict, notFound } from '../http/errors';
import { sha256 } from '../lib/crypto';
import { companyAccessOf } from './user-access';

/**
 * One-time account links, the same shape as kiosk setup links: a random token returned once in the
 * page's path (`/cuenta/{token}`), only its SHA-256 stored, an expiry, used once, redeemed in one
 * statement so two redeems cannot both win.
 */

/** A user's unused links stop working (a newer link, a disabled or removed user, a changed password): they read as expired. */
export async function expireOpenLinks(tx: EntityManager, userId: number): Promise<void> {
  await tx.query(`UPDATE account_links SET expires_at = now() WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()`, [userId]);
}

/** A new link for the user, the only one that works: their earlier unused links expire. */
export async function createAccountLink(tx: EntityManager, userId: number, purpose: AccountLinkPurpose, createdBy: number, now = new Date()): Promise<AccountLink> {
  await expireOpenLinks(tx, userId);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + ACCOUNT_LINK_TTL_HOURS[purpose] * 3_600_000);
  await tx.query(`INSERT INTO account_links (user_id, purpose, token_hash, created_by, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
    userId,
    purpose,
    sha256(token),
    createdBy,
    expiresAt,
  ]);
  return { path: `${ACCOUNT_PAGE_PREFIX}${token}`, purpose, expiresAt: expiresAt.toISOString() };
}

interface LinkRow {
  user_id: number;
  purpose: AccountLinkPurpose;
  used: boolean;
  live: boolean;
  expires_at: Date;
  username: string;
  first_name: string;
  role: InstallationRole;
  created_by: string | null;
}

async function readLink(em: EntityManager, token: string): Promise<LinkRow | undefined> {
  const [row]: LinkRow[] = await em.query(
    `SELECT l.user_id, l.purpose, l.used_at IS NOT NULL AS used, l.expires_at > now() AS live, l.expires_at,
            u.username, u.first_name, u.role, NULLIF(concat_ws(' ', c.first_name, c.last_name), '') AS created_by
       FROM account_links l
       JOIN users u ON u.id = l.user_id
       LEFT JOIN users c ON c.id = l.created_by
      WHERE l.token_hash = $1`,
    [sha256(token)],
  );
  return row;
}

const stateOf = (row: LinkRow | undefined) => (!row ? 'unknown' : row.used ? 'used' : row.live ? 'valid' : 'expired');

/** Where a link stands, read without using it; only a valid one says whose it is, what for and what access it gives. */
export async function checkAccountLink(em: EntityManager, token: string): Promise<AccountLinkCheckReply> {
  const row = await readLink(em, token);
  const state = stateOf(row);
  if (state !== 'valid' || !row) return { state };
  return {
    state,
    purpose: row.purpose,
    username: row.username,
    firstName: row.first_name,
    role: row.role,
    companies: row.role === 'member' ? ((await companyAccessOf(em, [row.user_id])).get(row.user_id) ?? []) : [],
    createdBy: row.created_by,
    expiresAt: row.expires_at.toISOString(),
  };
}

/** The link's user and purpose while it can be used, otherwise the refusal of its state (404 unknown, 409 used or expired). */
export async function usableLink(em: EntityManager, token: string): Promise<{ userId: number; username: string }> {
  const row = await readLink(em, token);
  const state = stateOf(row);
  if (state === 'valid' && row) return { userId: row.user_id, username: row.username };
  throw linkRefusal(state);
}

function linkRefusal(state: 'unknown' | 'used' | 'expired' | 'valid') {
  if (state === 'used') return conflict(ACCOUNT_LINK_REFUSALS.account_link_used, { code: 'account_link_used' });
  if (state === 'expired' || state === 'valid') return conflict(ACCOUNT_LINK_REFUSALS.account_link_expired, { code: 'account_link_expired' });
  return notFound(ACCOUNT_LINK_REFUSALS.account_link_unknown, { code: 'account_link_unknown' });
}

/**
 * Uses the link and sets the user's password, in one statement: the link is marked used only if
 * unused and unexpired, and its user (not removed, not disabled) gets the password and becomes
 * active, so two redeems racing for one link cannot both win. The user's id, or the refusal of
 * the link's state now.
 */
export async function redeemAccountLink(tx: EntityManager, token: string, passwordHash: string): Promise<number> {
  const [rows]: [{ id: number }[], number] = await tx.query(
    `WITH used AS (
       UPDATE account_links l SET used_at = now()
         FROM users u
        WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now()
          AND u.id = l.user_id AND u.removed_at IS NULL AND u.status <> 'disabled'
       RETURNING l.user_id
     )
     UPDATE users SET password_hash = $2, status = 'active', last_sign_in_at = now()
       FROM used WHERE users.id = used.user_id
     RETURNING users.id`,
    [sha256(token), passwordHash],
  );
  if (rows[0]) return rows[0].id;
  throw linkRefusal(stateOf(await readLink(tx, token)));
}
