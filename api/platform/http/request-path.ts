import type { Context, Next } from 'koa';

/**
 * A request's path as every guard sees it: one spelling, computed once per request.
 *
 * The router matches paths case-insensitively, with or without a trailing slash, and decodes its
 * parameters; a guard that compared the raw path (`/API/companies/3`, `/api/companies/3/`) would
 * see another path than the one that runs. So guards never read `ctx.path`: they read this.
 */
export interface RequestPath {
  /** Decoded, ASCII letters in lower case, without a trailing slash: `/API/Compa%6Eies/3/` → `/api/companies/3`. */
  canonical: string;
  /**
   * False when the path has no single meaning: a `.` or `..` segment (plain or percent-encoded), an
   * empty segment (`//`), a percent-encoded `/` or `\`, a backslash, a NUL, or broken
   * percent-encoding. Such a path is refused before any guard (`refuseMalformedPaths`).
   */
  wellFormed: boolean;
  /** The path belongs to the API (always answered in the contract's error shape). */
  isApi: boolean;
}

/** Paths that belong to the API, given a canonical path. */
export const isApiPath = (canonical: string) => canonical === '/api' || canonical.startsWith('/api/');

/** ASCII letters only, as the router's case-insensitive match folds them: the Kelvin sign (U+212A) does not become a `k`. */
const foldAsciiCase = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The canonical form of a raw path (`ctx.path`: the URL's path, still percent-encoded). */
export function canonicalizePath(rawPath: string): RequestPath {
  let wellFormed = rawPath.startsWith('/');
  const segments = rawPath.split('/').slice(1);
  const kept: string[] = [];
  segments.forEach((segment, index) => {
    const decoded = decodeSegment(segment);
    if (decoded === undefined) {
      wellFormed = false;
      kept.push(foldAsciiCase(segment));
      return;
    }
    const last = index === segments.length - 1;
    if (decoded === '') {
      if (!last) wellFormed = false; // `//`; a trailing slash alone is fine
      return;
    }
    if (decoded === '.' || decoded === '..' || /[/\\\0]/.test(decoded)) wellFormed = false;
    // Still resolved, so that even a malformed path is judged by where it would lead.
    if (decoded === '..') kept.pop();
    else if (decoded !== '.') kept.push(foldAsciiCase(decoded));
  });
  const canonical = `/${kept.join('/')}`;
  return { canonical, wellFormed, isApi: isApiPath(canonical) };
}

const STATE_KEY = 'requestPath';

/** The request's canonical path, computed on first use and kept for the rest of the request. */
export function requestPath(ctx: Context): RequestPath {
  const state = ctx.state as Record<string, RequestPath | undefined>;
  return (state[STATE_KEY] ??= canonicalizePath(ctx.path));
}

/**
 * Refuses, with 404 before any guard or route, a path that has no single meaning (see
 * `RequestPath.wellFormed`): no browser sends one, and nothing past this point has to wonder what
 * `/api/uploads/../companies/3` or `/api/uploads/%2e%2e/companies/3` means.
 */
export function refuseMalformedPaths() {
  return async (ctx: Context, next: Next) => {
    if (!requestPath(ctx).wellFormed) {
      ctx.status = 404; // the error middleware gives an API path's 404 the contract's shape
      return;
    }
    await next();
  };
}

/** A request for one route, matched on the canonical path (so every spelling the router accepts matches too). */
export function isRequestFor(ctx: Context, method: string, canonicalPattern: RegExp): boolean {
  const path = requestPath(ctx);
  return ctx.method === method && path.wellFormed && canonicalPattern.test(path.canonical);
}
