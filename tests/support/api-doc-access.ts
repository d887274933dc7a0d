import { readFileSync } from 'node:fs';

/**
 * Each route of docs/api.md (`### METHOD /path`) with its documented access level: the first word
 * of the line under its heading, `public`, `anyone`, `player`, `device`, `admin` or `owner` ("What
 * every route shares" there says what each means), or `signed` for the upload URLs whose
 * signature is their authorisation (a guarded route hands them out).
 */
export function documentedAccess(): Map<string, string> {
  const lines = readFileSync('docs/api.md', 'utf8').split('\n');
  const levels = new Map<string, string>();
  lines.forEach((line, i) => {
    const heading = /^### (GET|POST|PUT|PATCH|DELETE) (\/api\/\S*|\/metrics)\s*$/.exec(line);
    if (!heading) return;
    const first = lines[i + 1] ?? '';
    const signed = /signature.*authoris|authoris.*signature/i.test(first);
    levels.set(`${heading[1]} ${heading[2]}`, signed ? 'signed' : (/^(\w+)/.exec(first)?.[1] ?? ''));
  });
  return levels;
}
