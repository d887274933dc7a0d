import { readFileSync } from 'node:fs';

/**
 * Each route of docs/api.md (`### METHOD /path`) with its documented access level, the first word
 * of the line under its heading: `public`, `player`, `device`, `admin` or `owner` ("What every
 * route shares" there says what each means).
 */
export function documentedAccess(): Map<string, string> {
  const lines = readFileSync('docs/api.md', 'utf8').split('\n');
  const levels = new Map<string, string>();
  lines.forEach((line, i) => {
    const heading = /^### (GET|POST|PUT|PATCH|DELETE) (\/api\/\S*|\/metrics)\s*$/.exec(line);
    if (heading) levels.set(`${heading[1]} ${heading[2]}`, /^(\w+)/.exec(lines[i + 1] ?? '')?.[1] ?? '');
  });
  return levels;
}
