import type Koa from 'koa';
import session from 'koa-session';
import { LessThan, type DataSource } from 'typeorm';
import { SessionEntity } from '../../db/entities';

export interface SessionSettings {
  maxAgeMs: number;
}

/**
 * Sessions live in PostgreSQL (koa-session's external store), so any number of API processes can
 * serve the same signed-in browser. The cookie holds only the session id.
 */
export function sessionMiddleware(app: Koa, dataSource: DataSource, settings: SessionSettings) {
  const sessions = dataSource.getRepository(SessionEntity);
  let lastSweep = 0;
  const store = {
    async get(id: string) {
      const row = await sessions.findOneBy({ id });
      if (!row || row.expiresAt.getTime() < Date.now()) return undefined;
      return row.data;
    },
    async set(id: string, data: Record<string, unknown>, maxAge: number) {
      const ttl = typeof maxAge === 'number' ? maxAge : settings.maxAgeMs;
      await sessions.upsert({ id, data: data as never, expiresAt: new Date(Date.now() + ttl) }, ['id']);
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
