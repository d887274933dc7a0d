import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLine } from '../../api/platform/lib/csv-text';
import { isFormulaLike, markFormulaLike, unmarkFormulaLike } from '../../api/platform/lib/formula-text';

/** Seeded and bounded: the same cases on every run. */
const RUNS = { seed: 20_260_512, numRuns: 3000 };

/** The definition the rule's list of characters is held to: the compatibility form (NFKC) is one of these. */
const FORMULA_FORMS = new Set(['=', '+', '-', '@', '\u2212']);
const startsFormulaByDefinition = (ch: string) => FORMULA_FORMS.has(ch.normalize('NFKC'));

/** Characters that show nothing, one of each kind the rule lets stand before a formula. */
const INVISIBLE = [
  ' ', '\t', '\r', '\n', '\x0b', '\x0c', '\x1f', '\x00', '\x7f', '\x85', '\u00a0', '\u00ad', '\u034f', '\u061c', '\u115f', '\u1680',
  '\u180e', '\u2000', '\u200a', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2028', '\u2029', '\u202a', '\u202e', '\u202f',
  '\u205f', '\u2060', '\u2066', '\u3000', '\u3164', '\ufe0f', '\ufeff', '\uffa0',
];
/** Every character the rule takes for a formula start. */
const FORMULA_STARTS = [
  '=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20', '\ufe66', '\ufe62', '\ufe63', '\ufe6b', '\u207a', '\u207b', '\u207c', '\u208a',
  '\u208b', '\u208c', '\u2212', '\ufb29',
];
const invisiblePrefix = fc.array(fc.constantFrom(...INVISIBLE, "'"), { maxLength: 6 }).map((chars) => chars.join(''));
const anyText = fc.string({ unit: fc.oneof(fc.constantFrom(...INVISIBLE, ...FORMULA_STARTS, "'", '"', ',', ';', 'a', 'ñ', '1', '🎉'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), maxLength: 30 });
/** Text that starts like a formula: invisible characters and apostrophes, a formula character, anything. */
const formulaLike = fc.tuple(invisiblePrefix, fc.constantFrom(...FORMULA_STARTS), anyText).map(([prefix, start, rest]) => prefix + start + rest);

describe('the formula rule (api/platform/lib/formula-text.ts)', () => {
  it('takes for a formula start exactly the characters whose compatibility form is = + - @ or the minus sign', () => {
    const differ: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const ch = String.fromCodePoint(code);
      if (isFormulaLike(ch) !== startsFormulaByDefinition(ch)) differ.push(code.toString(16));
    }
    expect(differ).toEqual([]);
    expect(FORMULA_STARTS.every(startsFormulaByDefinition)).toBe(true);
  });

  it('marks the brief cases: every width of = + - @, after controls, format characters and blanks', () => {
    for (const text of ['=1+2', '＝1+2', '＋57', '－5', '＠SUM(A1)', '\u2212 5', '\u200b=1', '\ufeff+1', '\u00a0@x', '\x0b-1', '\x1f=1', '\t\r\n=1', "'=1", '\u3000＝1']) {
      expect(markFormulaLike(text), JSON.stringify(text)).toBe(`'${text}`);
    }
    for (const text of ['Ana', '57', "'hola", 'a=b', '\u200bAna', '', '–5 (raya corta)']) expect(markFormulaLike(text), JSON.stringify(text)).toBe(text);
  });

  it('marks any text that starts like a formula, whatever invisible characters come first', () => {
    fc.assert(
      fc.property(formulaLike, (text) => {
        expect(markFormulaLike(text)).toBe(`'${text}`);
      }),
      RUNS,
    );
  });

  it('un-marking gives back exactly the text that was marked, whatever it is', () => {
    fc.assert(
      fc.property(fc.oneof(formulaLike, anyText, anyText.map((text) => `'${text}`)), (text) => {
        expect(unmarkFormulaLike(markFormulaLike(text))).toBe(text);
      }),
      RUNS,
    );
  });

  it('an export cell that starts like a formula is read back by a CSV parser with the mark first', () => {
    fc.assert(
      fc.property(formulaLike, anyText, (hostile, plain) => {
        const [cells] = parse(csvLine([plain, hostile, 7]), { relax_column_count: true }) as string[][];
        expect(cells![1]!.startsWith("'")).toBe(true);
        for (const cell of cells!) expect(!isFormulaLike(cell) || cell.startsWith("'")).toBe(true);
      }),
      RUNS,
    );
  });
});
