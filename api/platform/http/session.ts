import type Koa from 'koa';
import type { Context } from 'koa';
import session from 'koa-session';
import { LessThan, type DataSource, type EntityManager } from 'typeorm';
import { SessionEntity } from '../../../db/entities';

export interface SessionSettings {
  /** Idle lifetime: a session unused this long ends; using it while signed in extends it. */
  maxAgeMs: number;
  /** Absolute lifetime: a signed-in session ends this long after its sign-in, however much it is used. */
  absoluteMs: number;
}

/** What this module keeps in a session's data besides koa-session's own `_expire` / `_maxAge`. */
interface SessionData {
  userId?: unknown;
  /** When the session was signed in (ms since the epoch); the absolute lifetime counts from here. */
  signedInAt?: unknown;
  /** The browser's User-Agent at sign-in, cut to USER_AGENT_MAX characters ("Sesiones abiertas" names the browser from it). */
  userAgent?: unknown;
  /** The address the browser signed in from (the proxy's X-Forwarded-For when trusted). */
  address?: unknown;
}

const USER_AGENT_MAX = 300;

/**
 * When a session's absolute lifetime ends: never for one nobody signed in to, at once for a signed-in
 * one that does not say when it was signed in (written before this rule existed: its admin signs in
 * again, once).
 */
function absoluteEnd(data: SessionData, absoluteMs: number): number {
  if (data.userId === undefined) return Number.POSITIVE_INFINITY;
  return typeof data.signedInAt === 'number' ? data.signedInAt + absoluteMs : 0;
}

/**
 * Sessions live in PostgreSQL (koa-session's external store), so any number of API processes can
 * serve the same signed-in browser. The cookie holds only the session id (signed). A row's
 * `expiresAt` is the earlier of its idle and absolute ends, and a row past either is deleted when
 * read, so an ended session's cookie never works again, on any process.
 *
 * A row is written at sign-in, when its data changes, and when a request comes in the second half
 * of its idle lifetime (`renew`; `rolling` is off, so other requests write nothing). Its
 * `updatedAt` is therefore the session's last use give or take half the idle lifetime: "Mi cuenta"
 * shows it as such, at no cost to ordinary requests.
 */
export function sessionMiddleware(app: Koa, dataSource: DataSource, settings: SessionSettings) {
  const sessions = dataSource.getRepository(SessionEntity);
  let lastSweep = 0;
  const store = {
    async get(id: string) {
      const row = await sessions.findOneBy({ id });
      if (!row) return undefined;
      const now = Date.now();
      if (row.expiresAt.getTime() < now || absoluteEnd(row.data, settings.absoluteMs) < now) {
        await sessions.delete({ id });
        return undefined;
      }
      return row.data;
    },
    async set(id: string, data: Record<string, unknown>, maxAge: number) {
      const ttl = typeof maxAge === 'number' ? maxAge : settings.maxAgeMs;
      const expiresAt = Math.min(Date.now() + ttl, absoluteEnd(data, settings.absoluteMs));
      await sessions.upsert({ id, data: data as never, expiresAt: new Date(expiresAt), updatedAt: new Date() }, ['id']);
      if (Date.now() - lastSweep > 3600_000) {
        lastSweep = Date.now();
        await sessions.delete({ expiresAt: LessThan(new Date()) });
      }
    },
    async destroy(id: string) {
      await sessions.delete({ id });
    },
  };
  return session(
    {
      key: 'trivia.sid',
      maxAge: settings.maxAgeMs,
      httpOnly: true,
      sameSite: 'lax',
      // No `secure` here: the cookie is marked Secure exactly when the request is (HTTPS, or
      // X-Forwarded-Proto: https behind a trusted proxy); forcing it would fail plain-HTTP requests.
      signed: true,
      rolling: false,
      renew: true,
      store,
    },
    app,
  );
}

/**
 * Signs the browser in as `userId` under a NEW session id: the id it came with (which someone else
 * may have planted) is destroyed with its row and its data, so no session fixation. The absolute
 * lifetime starts now; the browser's User-Agent and address are kept for "Sesiones abiertas".
 */
export async function signIn(ctx: Context, userId: number): Promise<void> {
  const current = ctx.session!;
  for (const key of Object.keys(current.toJSON())) Reflect.deleteProperty(current, key);
  current.userId = userId;
  current.signedInAt = Date.now();
  current.userAgent = ctx.get('user-agent').slice(0, USER_AGENT_MAX);
  current.address = ctx.ip;
  await current.regenerate();
}

/** Ends the session: its row is deleted (the cookie, replayed, no longer works) and the cookie cleared. */
export function signOut(ctx: Context): void {
  ctx.session = null;
}

/**
 * Ends the browser's admin session, if it holds one (as signOut: its row deleted, the cookie
 * cleared), and says whether it did. A browser that becomes a kiosk stops being an admin's.
 */
export function endAdminSession(ctx: Context): boolean {
  if (ctx.session?.userId === undefined) return false;
  signOut(ctx);
  return true;
}

/** Ends every session of the user, on every browser and process (a disabled or removed user, a changed password): their rows are deleted. How many. */
export async function endSessionsOf(em: EntityManager, userId: number): Promise<number> {
  const [, count]: [unknown, number] = await em.query(`DELETE FROM sessions WHERE data->>'userId' = $1`, [String(userId)]);
  return count;
}

/**
 * Ends the user's sessions on every other browser, in one transaction with `alongside` (the change
 * that asks for it and its entry in "Actividad", told how many others ended): all their rows are
 * deleted, then this browser is signed in again under a new id, its absolute lifetime unchanged.
 * How many others ended.
 */
export async function endOtherSessions(ctx: Context, em: EntityManager, userId: number, alongside: (tx: EntityManager, ended: number) => Promise<void>): Promise<number> {
  const ended = await em.transaction(async (tx) => {
    const others = Math.max(0, (await endSessionsOf(tx, userId)) - 1);
    await alongside(tx, others);
    return others;
  });
  await ctx.session!.regenerate();
  return ended;
}
