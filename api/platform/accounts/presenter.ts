import type { UserListItem } from '../../../contract';
import type { UserEntity } from '../../../db/entities';

/** A user as "Usuarios" lists them: never the password hash. */
export function presentListedUser(user: UserEntity): UserListItem {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    status: user.status,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
