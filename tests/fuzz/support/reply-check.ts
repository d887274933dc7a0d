import path from 'node:path';
import { ERROR_CODES } from '../../../contract/errors';
import type { WireReply } from './wire';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** What a leaked stack trace, exception or internal path looks like in a reply. */
const LEAKS: { name: string; pattern: RegExp }[] = [
  { name: 'stack frame', pattern: /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+/ },
  { name: 'internal path', pattern: new RegExp(ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) },
  { name: 'internal path', pattern: /node_modules|node:internal/ },
  { name: 'exception name', pattern: /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|QueryFailedError|TypeORMError|EntityNotFoundError|EntityPropertyNotFoundError|ZodError)\b/ },
  { name: 'SQL', pattern: /\b(?:SELECT [^"]* FROM|INSERT INTO|violates (?:foreign key|unique|check|not-null) constraint|relation "\w+" does not exist|syntax error at or near)\b/ },
];

const codes = new Set<string>(ERROR_CODES);

/**
 * The promise every reply keeps, whatever was sent: never a 5xx, every 4xx in the contract's error
 * shape with a known code, nothing of the server's insides in the body. Returns what is wrong, or
 * undefined.
 */
export function replyProblem(reply: WireReply): string | undefined {
  if (reply.status >= 500) return `answered ${reply.status}: ${reply.text.slice(0, 300)}`;
  for (const leak of LEAKS) {
    const match = leak.pattern.exec(reply.text);
    if (match) return `${leak.name} in a ${reply.status} reply: …${reply.text.slice(Math.max(0, match.index - 80), match.index + 120)}…`;
  }
  if (reply.status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    return `a ${reply.status} reply that is not JSON: ${reply.text.slice(0, 200)}`;
  }
  const b = body as Record<string, unknown> | null;
  if (!b || typeof b !== 'object' || Array.isArray(b)) return `a ${reply.status} reply that is not an object: ${reply.text.slice(0, 200)}`;
  for (const key of ['error', 'message', 'code'] as const) {
    if (typeof b[key] !== 'string' || !(b[key] as string).length) return `a ${reply.status} reply without a string "${key}": ${reply.text.slice(0, 200)}`;
  }
  if (!codes.has(b.code as string)) return `a ${reply.status} reply with an unknown code "${String(b.code)}"`;
  return undefined;
}
