import Router from '@koa/router';
import type { DataSource } from 'typeorm';
import { loginSchema, registerSchema } from '../../contract';
import { unauthorized } from '../errors';
import { ensureNotLimited, type RateLimiter } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { presentUser } from './presenter';
import { authenticate, countUsers, registerUser } from './service';

export function authRoutes(dataSource: DataSource, loginLimiter: RateLimiter) {
  const router = new Router({ prefix: '/api' });
  const em = dataSource.manager;

  router.get('/user', (ctx) => {
    if (!ctx.state.user) throw unauthorized();
    ctx.body = presentUser(ctx.state.user);
  });

  router.post('/login', async (ctx) => {
    const key = `login:${ctx.ip}`;
    await ensureNotLimited(loginLimiter, key);
    const { username, password } = parseBody(loginSchema, ctx.request.body);
    try {
      const user = await authenticate(em, username, password);
      await ctx.session!.regenerate();
      ctx.session!.userId = user.id;
      ctx.body = presentUser(user);
    } catch (error) {
      await loginLimiter.penalty(key, 1);
      throw error;
    }
  });

  router.post('/register', async (ctx) => {
    const input = parseBody(registerSchema, ctx.request.body);
    if (!ctx.state.user && (await countUsers(em)) > 0) throw unauthorized();
    const user = await registerUser(em, input);
    if (!ctx.state.user) {
      await ctx.session!.regenerate();
      ctx.session!.userId = user.id;
    }
    ctx.status = 201;
    ctx.body = presentUser(user);
  });

  router.post('/logout', (ctx) => {
    ctx.session = null;
    ctx.body = { ok: true };
  });

  return router;
}
