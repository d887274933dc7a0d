import type { CompanyGrant, User } from '../../../contract';
import type { UserEntity } from '../../../db/entities';

/** The only way a user leaves the API: never with the password hash. */
export function presentUser(user: UserEntity, companies: CompanyGrant[]): User {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    locationId: user.locationId,
    companies,
  } satisfies User;
}
