import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REQUEST_SECONDS_BUCKETS } from '../../api/metrics/app-metrics';
import { POLL_MS } from '../../web/features/big-screen/use-screen-feed';
import { rowDelay } from '../../web/shared/ranking/row-delay';

/**
 * A measured figure (a decimal number with a unit of time or size: "17.1 ms", "97.1 kB") has one
 * home, so no copy of it drifts from the run it came from: docs/benchmarks.md for `npm run bench`
 * and `npm run load`, docs/testing.md for the latest fault run. Every other document links there.
 * The few design values a document names in that form come from the code, and are checked there.
 */
const HOMES = ['docs/benchmarks.md', 'docs/testing.md'];
const FIGURE = /\b\d+\.\d+ ?(?:ms|s|kB|KB|MB|GB)\b/g;

/** Design values other documents name: the document, the figure, and what the code says it is. */
const DESIGN_VALUES: { doc: string; figure: string; fromCode: () => boolean }[] = [
  { doc: 'docs/decisions.md', figure: '0.05 s', fromCode: () => rowDelay(2) === '0.05s' },
  { doc: 'docs/decisions.md', figure: '2.5 s', fromCode: () => POLL_MS === 2_500 },
  { doc: 'docs/operations.md', figure: '2.5 s', fromCode: () => REQUEST_SECONDS_BUCKETS.includes(2.5) },
];

const documents = execFileSync('git', ['ls-files', 'README.md', 'docs/*.md'], { encoding: 'utf8' }).split('\n').filter(Boolean);

describe('figures in the documents', () => {
  it('quotes measured figures only in their homes; elsewhere only design values the code holds', () => {
    const stray = documents
      .filter((doc) => !HOMES.includes(doc))
      .flatMap((doc) => [...readFileSync(doc, 'utf8').matchAll(FIGURE)].map((match) => ({ doc, figure: match[0] })))
      .filter(({ doc, figure }) => !DESIGN_VALUES.some((value) => value.doc === doc && value.figure === figure));
    expect(stray).toEqual([]);
  });

  it.each(DESIGN_VALUES)('$doc names $figure, and the code holds it', ({ doc, figure, fromCode }) => {
    expect(readFileSync(doc, 'utf8')).toContain(figure);
    expect(fromCode()).toBe(true);
  });
});
