import type { UserCompanyAccess, UserListItem } from '../../../contract';
import type { UserEntity } from '../../../db/entities';

/** A user as "Usuarios" lists them, with their companies (none for an owner): never the password hash. */
export function presentListedUser(user: UserEntity, companies: UserCompanyAccess[]): UserListItem {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    companies: user.role === 'owner' ? [] : companies,
    status: user.status,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
