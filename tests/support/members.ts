import type { CompanyRole } from '../../contract';
import { hashPassword } from '../../api/platform/auth/password';
import { UserCompanyRoleEntity, UserEntity } from '../../db/entities';
import type { TestApi } from './api-server';
import type { TestClient } from './http-client';

const MEMBER_PASSWORD = 'member-password-123';
/** The members' password hash, made once per process (argon2 is slow on purpose). */
let memberPasswordHash: Promise<string> | undefined;
let serial = 0;

/**
 * A client signed in as a fresh member (users.role 'member') holding one role over one company,
 * and nothing else: what a test of "who may do what" calls a route as.
 */
export async function signInAs(api: TestApi, role: CompanyRole, companyId: number): Promise<TestClient> {
  serial += 1;
  const username = `member.${role}.${companyId}.${process.pid}.${serial}`;
  const user = await api.dataSource.getRepository(UserEntity).save({
    username,
    passwordHash: await (memberPasswordHash ??= hashPassword(MEMBER_PASSWORD)),
    firstName: 'Miembro',
    lastName: role,
    email: `${username}@example.com`,
    role: 'member',
  });
  await api.dataSource.getRepository(UserCompanyRoleEntity).insert({ userId: user.id, companyId, role });
  const client = api.client();
  const login = await client.post('/api/login', { username, password: MEMBER_PASSWORD });
  if (login.status !== 200) throw new Error(`member login failed: ${login.status} ${login.text}`);
  return client;
}
