import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/errors';

/** The README and every page under docs/: the documentation a reader follows from the front door. */
const DOCS = ['README.md', ...readdirSync('docs').filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`)];

/** Fenced code blocks hold shell lines and sample output, not links. */
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** Every link and image target of a markdown text: `[text](target)` and `![alt](target)`. */
function targets(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(file: string): Set<string> {
  const headings = withoutCode(readFileSync(file, 'utf8')).match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((line) => anchor(line.replace(/^#+ /, ''))));
}

describe('relative links and images in the README and docs/', () => {
  it.each(DOCS)('%s: every one resolves to a file (and a heading, for #anchors)', (file) => {
    const broken = targets(readFileSync(file, 'utf8'))
      .filter((target) => !/^[a-z]+:/i.test(target))
      .filter((target) => {
        const [pathPart, hash] = target.split('#') as [string, string | undefined];
        const resolved = pathPart ? path.join(path.dirname(file), decodeURIComponent(pathPart)) : file;
        if (!existsSync(resolved)) return true;
        return hash !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(hash);
      });
    expect(broken, `${file}: links or images that lead nowhere`).toEqual([]);
  });

  it('the README links every page under docs/', () => {
    const linked = new Set(targets(readFileSync('README.md', 'utf8')).map((target) => target.split('#')[0]));
    const pages = DOCS.filter((file) => file !== 'README.md');
    expect(pages.filter((page) => !linked.has(page)), 'docs/ pages the README does not link').toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  const table = readFileSync('docs/configuration.md', 'utf8');

  it('lists every environment variable api/platform/config.ts reads', () => {
    const schema = /const environmentSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(readFileSync('api/platform/config.ts', 'utf8'))?.[1] ?? '';
    const variables = [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
    expect(variables.length).toBeGreaterThan(20);
    expect(variables.filter((variable) => !table.includes(`| \`${variable}\` |`)), 'variables without a row').toEqual([]);
  });
});

describe('docs/api.md', () => {
  it('says when every error code of contract/errors.ts is sent', () => {
    const doc = readFileSync('docs/api.md', 'utf8');
    const list = doc.slice(doc.indexOf('## Error codes'), doc.indexOf('\n## ', doc.indexOf('## Error codes') + 1));
    expect(ERROR_CODES.filter((code) => !list.includes(`\`${code}\``)), 'codes the Error codes section does not name').toEqual([]);
  });
});
