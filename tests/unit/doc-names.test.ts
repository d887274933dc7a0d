import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRepository, unknownNames, type UnknownName } from '../support/doc-names';

/** The README and every page under docs/. */
const DOCS = execFileSync('git', ['ls-files', 'README.md', 'docs/*.md'], { encoding: 'utf8' }).split('\n').filter(Boolean);

const repository = readRepository();

const WHAT: Record<UnknownName['kind'], string> = {
  path: 'leads to no tracked file or folder',
  setting: 'is no setting or constant the code or the tests read',
  code: 'is no name the product code holds (error code, table, column, reason, metric)',
};
const described = ({ doc, line, kind, name }: UnknownName) => `${doc}:${line}: \`${name}\` ${WHAT[kind]}`;

describe('names the README and docs/ quote in backticks', () => {
  it.each(DOCS)('%s: every path, setting and code exists in the repository', (doc) => {
    expect(unknownNames(doc, readFileSync(doc, 'utf8'), repository).map(described)).toEqual([]);
  });

  it('reports made-up paths, a setting and a code by document, line and name, and nothing real', () => {
    const markdown = [
      '# A page',
      'The CSV writer is `api/platform/lib/csv-text.ts`, the screens live under `web/features/` and `api/<area>/routes.ts`;',
      'the old one was `api/made-up/nowhere.ts`, and before it api/made-up/older.ts.',
      'Set `DATABASE_URL` and `PORT`, never `TRIVIA_MADE_UP_LIMIT`.',
      '```',
      'a shell line naming `api/also-made-up.ts` and `ANOTHER_MADE_UP` is not read',
      '```',
      'A kiosk unknown is `device_unknown`; a stale one `made_up_refusal`.',
    ].join('\n');
    expect(unknownNames('docs/example.md', markdown, repository)).toEqual([
      { doc: 'docs/example.md', line: 3, kind: 'path', name: 'api/made-up/nowhere.ts' },
      { doc: 'docs/example.md', line: 3, kind: 'path', name: 'api/made-up/older.ts' },
      { doc: 'docs/example.md', line: 4, kind: 'setting', name: 'TRIVIA_MADE_UP_LIMIT' },
      { doc: 'docs/example.md', line: 8, kind: 'code', name: 'made_up_refusal' },
    ]);
  });
});
