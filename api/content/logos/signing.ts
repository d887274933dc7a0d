import { createHmac } from 'node:crypto';
import type { LogoEntityType } from '../../../contract';
import { conflict } from '../../platform/http/errors';
import { sameSecret } from '../../platform/lib/crypto';

/** What an upload URL allows: one object name, for one entity, until a moment. */
export interface UploadGrant {
  objectName: string;
  entityType: LogoEntityType;
  entityId: number;
  expiresAt: number;
}

export const UPLOAD_URL_LIFETIME_MS = 10 * 60 * 1000;

/** A second upload through a signed URL (a logo's or a picture's), which stores one object. */
export const uploadUrlUsed = () => conflict('Esta URL de subida ya se usó', { code: 'upload_url_used' });

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`logo-upload:${payload}`).digest('base64url');

export function signUploadGrant(secret: string, grant: UploadGrant): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The grant of a token whose signature is valid, expired or not; otherwise null. */
export function verifyUploadSignature(secret: string, token: string): UploadGrant | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  if (!sameSecret(signature, sign(secret, payload))) return null;
  try {
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadGrant;
    if (typeof grant.expiresAt !== 'number') return null;
    if (typeof grant.objectName !== 'string' || !/^[a-z0-9-]+$/.test(grant.objectName)) return null;
    return grant;
  } catch {
    return null;
  }
}

/** The grant of a token with a valid signature that has not expired, otherwise null: what an upload needs. */
export function verifyUploadToken(secret: string, token: string, now = Date.now()): UploadGrant | null {
  const grant = verifyUploadSignature(secret, token);
  return grant && grant.expiresAt >= now ? grant : null;
}
