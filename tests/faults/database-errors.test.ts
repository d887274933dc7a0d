import pg from 'pg';
import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../../api/platform/http/errors';
import { freePort } from './support/postgres';

/** The error replies the API maps an unreachable PostgreSQL to, from the errors the drivers really raise. */
describe('a database out of reach is a 503 database_unavailable', () => {
  it('maps a refused connection, as node-postgres raises it', async () => {
    const client = new pg.Client({ connectionString: `postgres://x:y@127.0.0.1:${await freePort()}/none` });
    const error = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(toAppError(error)).toMatchObject({ status: 503, code: 'database_unavailable' });
  });

  it.each([
    ['a connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['an administrator shutdown', new QueryFailedError('SELECT 1', [], Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))],
    ['a server starting or shutting down', Object.assign(new Error('the database system is shutting down'), { code: '57P03' })],
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a released query runner after its connection broke', Object.assign(new Error('Database connection provided by a query runner was already released'), { name: 'QueryRunnerProviderAlreadyReleasedError' })],
    ['a transaction whose runner was released when its connection broke', Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), { name: 'QueryRunnerAlreadyReleasedError' })],
  ])('maps %s', (_, error) => {
    expect(toAppError(error)).toMatchObject({ status: 503, code: 'database_unavailable', message: 'La base de datos no está disponible' });
  });

  it('leaves a constraint violation a 409 and an unknown failure unmapped (a 500)', () => {
    expect(toAppError(new QueryFailedError('INSERT', [], Object.assign(new Error('duplicate key'), { code: '23505' })))).toMatchObject({ status: 409 });
    expect(toAppError(new Error('something else broke'))).toBeUndefined();
  });
});
