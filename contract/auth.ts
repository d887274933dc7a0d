import { z } from 'zod';
import { newPasswordSchema, usernameSchema, type InstallationRole } from './accounts';
import type { CompanyGrant } from './permissions';
import { secondFactorCodeSchema } from './second-factor';

export const loginSchema = z.strictObject({
  username: z.string().trim().min(1, 'El usuario es requerido').max(100),
  password: z.string().min(1, 'La contraseña es requerida').max(200),
  /** The second step, for a user with two-step sign-in on: a code of their app, or a recovery code (contract/second-factor.ts). */
  code: secondFactorCodeSchema.optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z.strictObject({
  username: usernameSchema,
  password: newPasswordSchema,
  firstName: z.string().trim().min(1, 'El nombre es requerido').max(100),
  lastName: z.string().trim().min(1, 'El apellido es requerido').max(100),
  email: z.email('Correo electrónico no válido').max(200),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export interface User {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: InstallationRole;
  locationId: number | null;
  /** A member's roles, company by company; empty for an owner, who reaches every company. */
  companies: CompanyGrant[];
}

/** GET /api/session: who is signed in in this browser; `user` null when nobody is (a 200 either way). */
export interface SessionReply {
  user: User | null;
  /** The server's time zone: the one a company that chose none shows its times in. */
  serverTimeZone: string;
}

export const LOGIN_FAILED_MESSAGE = 'Usuario o contraseña incorrectos';
