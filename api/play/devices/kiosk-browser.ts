import type { Context } from 'koa';
import type { EntityManager } from 'typeorm';
import { KIOSK_BROWSER_SIGN_IN_REFUSAL } from '../../../contract';
import { forbidden } from '../../platform/http/errors';
import { isKioskDevice } from './kiosk-setup';

/**
 * A kiosk never holds an admin session. A browser that redeems a setup link is marked with this
 * cookie (its device id, signed with the server's keys, httpOnly, sent to /api only, SameSite
 * Strict) and, while that device is a kiosk, the server refuses to sign it in. The mark lasts as
 * long as a browser keeps a cookie (400 days); clearing the browser's data clears the kiosk with it.
 */
export const KIOSK_COOKIE = 'trivia.kiosk';
const MARK_MAX_AGE_MS = 400 * 24 * 3_600_000;
const COOKIE_OPTIONS = { signed: true, httpOnly: true, sameSite: 'strict', path: '/api', overwrite: true } as const;

/** Marks the browser as the kiosk `deviceId` (Secure when the request is). */
export function markKioskBrowser(ctx: Context, deviceId: string): void {
  ctx.cookies.set(KIOSK_COOKIE, deviceId, { ...COOKIE_OPTIONS, maxAge: MARK_MAX_AGE_MS });
}

/** Clears the mark: the browser's device dropped its kiosk role. */
export function clearKioskBrowser(ctx: Context): void {
  ctx.cookies.set(KIOSK_COOKIE, null, COOKIE_OPTIONS);
}

/** The kiosk this browser was marked as (its device id), when it carries a genuine mark. */
export const markedKiosk = (ctx: Context): string | undefined => ctx.cookies.get(KIOSK_COOKIE, { signed: true }) || undefined;

/**
 * 403 `kiosk_browser` when the request comes from a browser marked as a kiosk whose device the
 * server still holds as one (a kiosk the server no longer holds blocks nothing). A mark without its
 * signature is no mark.
 */
export async function refuseKioskBrowser(ctx: Context, em: EntityManager): Promise<void> {
  const deviceId = markedKiosk(ctx);
  if (deviceId && (await isKioskDevice(em, deviceId))) throw forbidden(KIOSK_BROWSER_SIGN_IN_REFUSAL, { code: 'kiosk_browser' });
}
