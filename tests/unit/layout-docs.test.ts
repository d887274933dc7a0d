import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The folders the repository holds (tracked files only), as `parent/name` paths one level under `parent`. */
function trackedFolders(parent = ''): string[] {
  const files = execFileSync('git', ['ls-files', ...(parent ? [parent] : [])], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const depth = parent ? parent.split('/').length : 0;
  const folders = files.map((file) => file.split('/')).filter((parts) => parts.length > depth + 1).map((parts) => parts[depth]!);
  return [...new Set(folders)].sort();
}

/** The text of a markdown section, from its heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && line.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The folders `text` does not name, as `name/` or, under a floor of the API, as `floor/name/`. */
const unnamed = (folders: string[], text: string, parent = '') => {
  const floor = parent.startsWith('api/') ? `${parent.slice('api/'.length)}/` : '';
  return folders.filter((folder) => !text.includes(`${floor}${folder}/`));
};

describe('docs/architecture.md names every folder', () => {
  const doc = readFileSync('docs/architecture.md', 'utf8');
  const parts = section(doc, '## The parts');

  it.each<[string, string, string]>([
    ['top-level folders', '', parts],
    ['web/ folders', 'web', parts],
    ['api/ floors', 'api', section(doc, '### API areas (api/)')],
    ...['platform', 'content', 'play', 'results'].map((floor): [string, string, string] => [`api/${floor}/ areas`, `api/${floor}`, section(doc, '### API areas (api/)')]),
    ['web/features/ screens', 'web/features', section(doc, '### Admin screens (web/features/)')],
  ])('%s', (_what, parent, text) => {
    const missing = unnamed(trackedFolders(parent), text, parent);
    expect(missing, `docs/architecture.md should say what these folders under ${parent || 'the root'} are: ${missing.join(', ')}`).toEqual([]);
  });
});

describe("docs/architecture.md's list of top-level folders", () => {
  const whole = section(readFileSync('docs/architecture.md', 'utf8'), '## The parts');
  /** The list of top-level folders: the section up to its first subsection (the API areas, the admin screens). */
  const firstSubsection = whole.search(/^### /m);
  const parts = firstSubsection < 0 ? whole : whole.slice(0, firstSubsection);
  /** The folders the list gives an entry of its own (`- **name/**: …`), in the order written. */
  const listed = [...parts.matchAll(/^- \*\*([^*\s]+)\/\*\*:/gm)].map((match) => match[1]!);

  it('gives every top-level folder an entry and no folder that is not there', () => {
    const folders = trackedFolders();
    expect(listed.filter((folder) => !folders.includes(folder)), 'folders the list names that the repository does not hold').toEqual([]);
    expect(folders.filter((folder) => !listed.includes(folder)), 'top-level folders without an entry of their own').toEqual([]);
  });

  it('names every web/ folder in the web/ entry', () => {
    const webEntry = /^- \*\*web\/\*\*:[\s\S]*?(?=^- \*\*)/m.exec(parts)?.[0] ?? '';
    const missing = trackedFolders('web').filter((folder) => !webEntry.includes(`${folder}/`));
    expect(missing, 'web/ folders the web/ entry does not name').toEqual([]);
  });
});
