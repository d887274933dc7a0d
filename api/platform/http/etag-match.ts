/**
 * Whether a conditional GET already holds `etag`: its If-None-Match names it (weak or strong, in a
 * list) or is `*`. The one matcher of the routes that answer their own clients' If-None-Match (a
 * kiosk's trivia bundle, a big screen's feed).
 *
 * Not Koa's `ctx.fresh`: that answers "stale" to any request carrying `Cache-Control: no-cache`
 * (it reads it as a reload), and browsers add that header themselves to a fetch whose cache mode is
 * 'no-store' (the big screen's poll) and, by the Fetch standard, to one that sets its own
 * If-None-Match (a kiosk's bundle check), so those clients would never get their 304. A page the
 * browser revalidates on its own (the player page) uses `ctx.fresh`.
 */
export function namesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
