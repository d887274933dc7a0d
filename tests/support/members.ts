import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CompanyRole } from '../../contract';
import { hashPassword } from '../../api/platform/auth/password';
import { UserCompanyRoleEntity, UserEntity } from '../../db/entities';
import type { TestApi } from './api-server';
import type { TestClient, TestResponse } from './http-client';

export const MEMBER_PASSWORD = 'member-password-123';

/** MEMBER_PASSWORD's hash, made once per process (argon2 is slow on purpose) and the same for every member. */
let memberPasswordHash: Promise<string> | undefined;

/**
 * A client signed in as a new member (installation role `member`, docs/permissions.md) who holds
 * `role` in `companyId` and reaches no other company. Each call makes a user of its own.
 */
export async function signInAs(api: TestApi, role: CompanyRole, companyId: number): Promise<TestClient> {
  const username = `${role}-${companyId}-${randomUUID().slice(0, 8)}`;
  const user = await api.dataSource.getRepository(UserEntity).save({
    username,
    passwordHash: await (memberPasswordHash ??= hashPassword(MEMBER_PASSWORD)),
    firstName: 'Mia',
    lastName: 'Miembro',
    email: `${username}@example.com`,
    role: 'member',
    status: 'active',
  });
  await api.dataSource.getRepository(UserCompanyRoleEntity).insert({ userId: user.id, companyId, role });
  const client = api.client();
  const login = await client.post('/api/login', { username, password: MEMBER_PASSWORD });
  if (login.status !== 200) throw new Error(`member login failed: ${login.status} ${login.text}`);
  return client;
}

/** A reply's status and body: an object beyond a member's reach answers exactly as a missing one does. */
export const replyOf = (res: TestResponse) => ({ status: res.status, body: res.body as unknown });

/** The 403 of a role without the action, in a company within reach. */
export const ROLE_FORBIDDEN = { status: 403, body: expect.objectContaining({ code: 'role_forbidden' }) };
