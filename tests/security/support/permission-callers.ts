import { hashPassword } from '../../../api/platform/auth/password';
import { COMPANY_ROLES, type CompanyRole } from '../../../contract';
import { UserCompanyRoleEntity, UserEntity } from '../../../db/entities';
import type { TestApi } from '../../support/api-server';
import type { TestClient } from '../../support/http-client';

/** Who calls a route in the matrix: nobody signed in, an owner, or a member with one role in one company. */
export type Caller =
  | { kind: 'signed-out'; name: string; client: TestClient }
  | { kind: 'owner'; name: string; client: TestClient }
  | { kind: 'member'; name: string; client: TestClient; role: CompanyRole; scope: 'in' | 'out' };

const PASSWORD = 'matriz-de-permisos-2026';

/**
 * The callers, each signed in once (argon2 is slow on purpose): signed out; an owner; and for each
 * company role a member who holds it in company A, where the objects are (in scope), and one who
 * holds it only in company B (out of scope).
 */
export async function signInCallers(api: TestApi, companyA: number, companyB: number): Promise<Caller[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const members = COMPANY_ROLES.flatMap((role) => (['in', 'out'] as const).map((scope) => ({ role, scope, username: `matriz-${role}-${scope}` })));
  const users = await api.dataSource.getRepository(UserEntity).save(
    members.map(({ role, scope, username }) => ({ username, passwordHash, firstName: role, lastName: scope, email: `${username}@example.com`, role: 'member' as const })),
  );
  await api.dataSource
    .getRepository(UserCompanyRoleEntity)
    .insert(members.map(({ role, scope }, i) => ({ userId: users[i]!.id, companyId: scope === 'in' ? companyA : companyB, role })));
  const signedIn = await Promise.all(
    members.map(async ({ role, scope, username }) => {
      const client = api.client();
      const login = await client.post('/api/login', { username, password: PASSWORD });
      if (login.status !== 200) throw new Error(`matrix: ${username} could not sign in: ${login.status} ${login.text}`);
      return { kind: 'member' as const, name: `${role} ${scope === 'in' ? 'in scope' : 'out of scope'}`, client, role, scope };
    }),
  );
  return [{ kind: 'signed-out', name: 'signed out', client: api.client() }, { kind: 'owner', name: 'owner', client: await api.adminClient() }, ...signedIn];
}
