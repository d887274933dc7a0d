import type { Middleware } from 'koa';
import { badRequest } from './errors';

/**
 * How deep a JSON body may nest. The deepest body the API takes (a sync push: push, mutations,
 * mutation, payload, answers, answer) is 6 levels; anything past this is not a client of ours.
 */
export const JSON_MAX_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = 'El contenido JSON está anidado demasiado profundo';

/**
 * Whether a parsed JSON value nests deeper than `maxDepth` objects or arrays. Walks without
 * recursion and stops at the first value past the limit, so a body nested a million levels deep
 * costs no stack and little time.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * Refuses (400 `json_too_deep`) a JSON body nested deeper than `maxDepth`, right after it is
 * parsed and before any route reads it: no handler, schema or database call ever walks one.
 */
export function jsonDepthGuard(maxDepth = JSON_MAX_DEPTH): Middleware {
  return async (ctx, next) => {
    const body: unknown = (ctx.request as { body?: unknown }).body;
    if (nestsDeeperThan(body, maxDepth)) throw badRequest(JSON_TOO_DEEP_MESSAGE, { code: 'json_too_deep' });
    await next();
  };
}
