import { z } from 'zod';
import { companyIdField } from './companies';
import { COMPANY_ROLES, type CompanyRole } from './permissions';

/**
 * Organiser accounts: who may sign in to the admin, the one-time links that let a person choose a
 * password (an invitation, a reset), and the password rule. docs/security.md, "Accounts".
 */

/**
 * A user's reach over the installation: an owner reaches everything; a member only the companies
 * they hold a role in (contract/permissions.ts).
 */
export const INSTALLATION_ROLES = ['owner', 'member'] as const;
export type InstallationRole = (typeof INSTALLATION_ROLES)[number];
export const INSTALLATION_ROLE_LABELS: Record<InstallationRole, string> = { owner: 'Propietario', member: 'Por empresa' };
export const INSTALLATION_ROLE_HELP: Record<InstallationRole, string> = {
  owner: 'Puede hacer todo en todas las empresas, también administrar los usuarios y la instalación.',
  member: 'Solo las empresas que elijas, con un rol en cada una.',
};

/** How many companies one member may hold a role in (far more than an agency runs; a bound on the request). */
export const MAX_USER_COMPANIES = 200;

/** One company a member works on and their role there, as an owner gives it. */
export const companyGrantSchema = z.strictObject({
  companyId: companyIdField,
  role: z.enum(COMPANY_ROLES, { error: 'Elige un rol' }),
});

export const MEMBER_NEEDS_COMPANY = 'Elige al menos una empresa: sin ninguna no vería nada (para quitarle el acceso, desactívalo)';
export const OWNER_TAKES_NO_COMPANY = 'Un propietario ya alcanza todas las empresas: no lleva empresas';
export const COMPANY_TWICE = 'Esta empresa ya está en la lista';

/**
 * A user's access, one rule for the invitation and the change: an owner holds no company role (they
 * reach every company); a member holds one role per company, each company once. That each company
 * exists is the server's check. A member with no company reaches nothing: the API allows it (it is
 * what a member whose companies were all deleted is), the screens ask for one
 * (`memberNeedsCompany`).
 */
const accessFields = {
  companies: z.array(companyGrantSchema, { error: 'Lista de empresas no válida' }).max(MAX_USER_COMPANIES, `Hasta ${MAX_USER_COMPANIES} empresas`).default([]),
};
function checkAccess(value: { role: InstallationRole; companies: { companyId: number }[] }, ctx: z.RefinementCtx) {
  if (value.role === 'owner' && value.companies.length > 0) ctx.addIssue({ code: 'custom', path: ['companies'], message: OWNER_TAKES_NO_COMPANY });
  const seen = new Set<number>();
  value.companies.forEach(({ companyId }, index) => {
    if (seen.has(companyId)) ctx.addIssue({ code: 'custom', path: ['companies', index, 'companyId'], message: COMPANY_TWICE });
    seen.add(companyId);
  });
}
/** The screens' extra rule for a user's access: a member is given at least one company. */
export function memberNeedsCompany(value: { role?: InstallationRole; companies?: unknown[] }, ctx: z.RefinementCtx) {
  if (value.role === 'member' && (value.companies ?? []).length === 0) ctx.addIssue({ code: 'custom', path: ['companies'], message: MEMBER_NEEDS_COMPANY });
}
const installationRoleField = z.enum(INSTALLATION_ROLES, { error: 'Rol no válido' });

/** Invited: no password yet (the invitation link sets it). Disabled: may not sign in until re-enabled. */
export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = { invited: 'Invitado', active: 'Activo', disabled: 'Desactivado' };

export const ACCOUNT_LINK_PURPOSES = ['invitation', 'password_reset'] as const;
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];
/** How long an unused link works: an invitation leaves the invitee a few days, a reset is meant to be used at once. */
export const ACCOUNT_LINK_TTL_HOURS: Record<AccountLinkPurpose, number> = { invitation: 72, password_reset: 24 };
/** A link's token: 32 base64url characters (24 random bytes), in the page's path `/cuenta/{token}`. */
export const ACCOUNT_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const ACCOUNT_PAGE_PREFIX = '/cuenta/';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The password rule, one owner for the server and the screens: at least PASSWORD_MIN_LENGTH
 * characters, and not the username (in any case, spaces around ignored). Null when it passes.
 */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`;
  if (password.length > PASSWORD_MAX_LENGTH) return `La contraseña admite hasta ${PASSWORD_MAX_LENGTH} caracteres`;
  if (password.trim().toLowerCase() === username.trim().toLowerCase()) return 'La contraseña no puede ser tu nombre de usuario';
  return null;
}

/** A new password's length (the username part of the rule needs the username: `passwordProblem`). */
export const newPasswordSchema = z
  .string({ error: 'La contraseña es requerida' })
  .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`)
  .max(PASSWORD_MAX_LENGTH, `La contraseña admite hasta ${PASSWORD_MAX_LENGTH} caracteres`);

export const usernameSchema = z
  .string({ error: 'El usuario es requerido' })
  .trim()
  .min(3, 'El usuario debe tener al menos 3 caracteres')
  .max(100)
  .regex(/^[a-zA-Z0-9._-]+$/, 'El usuario solo puede tener letras, números, punto, guion y guion bajo');

/** POST /api/users (owner): a person to invite; they choose their password through the link. */
export const inviteUserSchema = z.strictObject({
  username: usernameSchema,
  firstName: z.string({ error: 'El nombre es requerido' }).trim().min(1, 'El nombre es requerido').max(100),
  lastName: z.string({ error: 'El apellido es requerido' }).trim().min(1, 'El apellido es requerido').max(100),
  email: z.email('Correo electrónico no válido').max(200),
  /** Left out: an owner, as every invitee was before roles per company. */
  role: installationRoleField.default('owner'),
  ...accessFields,
}).superRefine(checkAccess);
export type InviteUserInput = z.input<typeof inviteUserSchema>;
export type InviteUserValues = z.output<typeof inviteUserSchema>;

/** PUT /api/users/{id}/access (owner): the user's whole access, replacing what they had. */
export const userAccessSchema = z.strictObject({ role: installationRoleField, ...accessFields }).superRefine(checkAccess);
export type UserAccessInput = z.input<typeof userAccessSchema>;
export type UserAccessValues = z.output<typeof userAccessSchema>;

const tokenSchema = z.string({ error: 'El enlace no es válido' }).regex(ACCOUNT_LINK_TOKEN_PATTERN, 'El enlace no es válido');
/** POST /api/account-links/check (public): the token of the page's path. */
export const accountLinkCheckSchema = z.strictObject({ token: tokenSchema });
/** POST /api/account-links/redeem (public): the token and the password the person chose. */
export const accountLinkRedeemSchema = z.strictObject({ token: tokenSchema, password: newPasswordSchema });
export type AccountLinkRedeemInput = z.input<typeof accountLinkRedeemSchema>;

/** PUT /api/account/password (signed in): the current password, and the new one. */
export const passwordChangeSchema = z.strictObject({
  currentPassword: z.string({ error: 'La contraseña actual es requerida' }).min(1, 'La contraseña actual es requerida').max(PASSWORD_MAX_LENGTH),
  newPassword: newPasswordSchema,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** A member's role in one company, with the company's name for the screens. */
export interface UserCompanyAccess {
  companyId: number;
  companyName: string;
  role: CompanyRole;
}

/** GET /api/users (owner): one user of the list (removed users are not listed). */
export interface UserListItem {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: InstallationRole;
  /** A member's companies and role in each, by company name; empty for an owner. */
  companies: UserCompanyAccess[];
  status: UserStatus;
  lastSignInAt: string | null;
  createdAt: string;
}

/** A one-time account link, shown once: `/cuenta/{token}`; only the token's SHA-256 is stored. */
export interface AccountLink {
  path: string;
  purpose: AccountLinkPurpose;
  expiresAt: string;
}

/** POST /api/users (owner): the invited user and their invitation link. */
export interface InviteReply {
  user: UserListItem;
  link: AccountLink;
}

export type AccountLinkState = 'valid' | 'used' | 'expired' | 'unknown';
/**
 * POST /api/account-links/check (public): where a link stands, read without using it. Only a
 * valid link says whose it is, what for and who made it (a used or expired one says nothing more).
 */
export interface AccountLinkCheckReply {
  state: AccountLinkState;
  purpose?: AccountLinkPurpose;
  username?: string;
  firstName?: string;
  role?: InstallationRole;
  /** What the link gives a member: their companies and role in each. */
  companies?: UserCompanyAccess[];
  /** The full name of the owner who made the link, when they are still a user. */
  createdBy?: string | null;
  expiresAt?: string;
}

/** POST /api/account/sessions/end-others (signed in): how many other sessions of the user ended. */
export interface EndOtherSessionsReply {
  ended: number;
}

/**
 * GET /api/account/sessions (signed in): one of the caller's own open sessions. `handle` names it
 * for DELETE /api/account/sessions/:handle and is not its id (a hash of it: the id is what the
 * cookie carries). `browser` is a short name from the User-Agent ("Chrome en Android"; "Navegador
 * desconocido" when none was kept); `address` and `signedInAt` are null for a session signed in
 * before they were kept. `lastUsedAt` is when its row was last written (docs/security.md, "Open
 * sessions"). Newest use first, this browser's marked `current`.
 */
export interface AccountSession {
  handle: string;
  browser: string;
  address: string | null;
  signedInAt: string | null;
  lastUsedAt: string;
  current: boolean;
}

export const SESSION_HANDLE_LENGTH = 32;
export const sessionHandleParamsSchema = z.strictObject({ handle: z.string().regex(new RegExp(`^[0-9a-f]{${SESSION_HANDLE_LENGTH}}$`), 'Sesión no válida') });

/** What the server and the account page say of a link that cannot be used, by the reply's code. */
export const ACCOUNT_LINK_REFUSALS = {
  account_link_unknown: 'Este enlace no existe o ya no sirve. Pide uno nuevo a un propietario de Triviando.',
  account_link_used: 'Este enlace ya se usó. Si fuiste tú, inicia sesión con tu contraseña; si no, pide uno nuevo a un propietario.',
  account_link_expired: 'Este enlace venció. Pide uno nuevo a un propietario de Triviando.',
} as const;

export const LAST_OWNER_REFUSAL = 'Debe quedar al menos un propietario activo: invita o reactiva a otro propietario antes.';
export const COMPANY_UNKNOWN = 'Esta empresa no existe';
export const OWNER_REQUIRED_REFUSAL = 'Solo un propietario puede administrar los usuarios';
