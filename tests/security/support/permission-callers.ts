import { COMPANY_ROLES, type CompanyRole } from '../../../contract';
import type { TestApi } from '../../support/api-server';
import type { TestClient } from '../../support/http-client';
import { signInAs } from '../../support/members';

/** Who calls a route in the matrix: nobody signed in, an owner, or a member with one role in one company. */
/** `userId`: who the caller is signed in as (the author of the entries their changes write); null signed out. */
export type Caller =
  | { kind: 'signed-out'; name: string; client: TestClient; userId: null }
  | { kind: 'owner'; name: string; client: TestClient; userId: number }
  | { kind: 'member'; name: string; client: TestClient; userId: number; role: CompanyRole; scope: 'in' | 'out' };

const userIdOf = async (client: TestClient) => ((await client.get('/api/user')).body as { id: number }).id;

/**
 * The callers, each signed in once (argon2 is slow on purpose): signed out; an owner; and for each
 * company role a member who holds it in company A, where the objects are (in scope), and one who
 * holds it only in company B (out of scope).
 */
export async function signInCallers(api: TestApi, companyA: number, companyB: number): Promise<Caller[]> {
  const members = await Promise.all(
    COMPANY_ROLES.flatMap((role) =>
      (['in', 'out'] as const).map(async (scope) => {
        const client = await signInAs(api, role, scope === 'in' ? companyA : companyB);
        return { kind: 'member' as const, name: `${role} ${scope === 'in' ? 'in scope' : 'out of scope'}`, client, userId: await userIdOf(client), role, scope };
      }),
    ),
  );
  const owner = await api.adminClient();
  return [{ kind: 'signed-out', name: 'signed out', client: api.client(), userId: null }, { kind: 'owner', name: 'owner', client: owner, userId: await userIdOf(owner) }, ...members];
}
