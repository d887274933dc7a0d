import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentCheckSchema } from '../../contract';
import { CANONICAL_DOCUMENT_NUMBER, DOCUMENT_NUMBER_EMPTY_MESSAGE, documentNumberProblem, normalizeDocumentNumber } from '../../contract/player-input';

const NUMERIC = { numeric: true };
const LETTERS = { numeric: false };
const separator = fc.constantFrom(' ', '.', '-', '/');
const digit = fc.constantFrom(...'0123456789');
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');

/** A number spelled with separators anywhere (and leading zeros, for the numeric kind). */
const spelled = (chars: fc.Arbitrary<string>) =>
  fc.array(fc.oneof({ weight: 4, arbitrary: chars }, { weight: 1, arbitrary: separator }), { minLength: 1, maxLength: 30 }).map((parts) => parts.join(''));

describe('the identity rule: normalizeDocumentNumber', () => {
  it('makes the four spellings of the hostile player one cédula', () => {
    for (const spelling of ['1024477501', '01024477501', '102-4477501', '1024477501-', '1.024.477.501', ' 0001024477501 ']) {
      expect(normalizeDocumentNumber(spelling, NUMERIC), spelling).toBe('1024477501');
    }
  });

  it('keeps the letters of an alphanumeric type, upper-cased, and drops the separators', () => {
    expect(normalizeDocumentNumber('ab 123-45/6.7', LETTERS)).toBe('AB1234567');
    expect(normalizeDocumentNumber('0AB123', LETTERS)).toBe('0AB123');
  });

  it('numeric: digits only, no leading zero, and the digits in their order', () => {
    fc.assert(
      fc.property(spelled(fc.oneof(digit, letter)), (value) => {
        const canonical = normalizeDocumentNumber(value, NUMERIC);
        expect(canonical).toMatch(/^([1-9][0-9]*)?$/);
        expect(canonical).toBe(value.replace(/\D/g, '').replace(/^0+/, ''));
      }),
    );
  });

  it('alphanumeric: upper-case letters and digits only, in their order', () => {
    fc.assert(
      fc.property(spelled(fc.oneof(digit, letter)), (value) => {
        const canonical = normalizeDocumentNumber(value, LETTERS);
        expect(canonical).toMatch(/^[A-Z0-9]*$/);
        expect(canonical).toBe(value.toUpperCase().replace(/[^A-Z0-9]/g, ''));
      }),
    );
  });

  it('is idempotent, and separators never make two people of one', () => {
    fc.assert(
      fc.property(spelled(fc.oneof(digit, letter)), fc.boolean(), separator, fc.nat(30), (value, numeric, sep, at) => {
        const kind = { numeric };
        const canonical = normalizeDocumentNumber(value, kind);
        expect(normalizeDocumentNumber(canonical, kind)).toBe(canonical);
        const position = at % (value.length + 1);
        expect(normalizeDocumentNumber(value.slice(0, position) + sep + value.slice(position), kind)).toBe(canonical);
        if (numeric) expect(normalizeDocumentNumber(`0${value}`, kind)).toBe(canonical);
      }),
    );
  });

  it('agrees with the canonical pattern stored numbers are checked against: a value is canonical exactly when it matches', () => {
    fc.assert(
      fc.property(spelled(fc.oneof(digit, letter)), fc.boolean(), (value, numeric) => {
        const pattern = new RegExp(numeric ? CANONICAL_DOCUMENT_NUMBER.numeric : CANONICAL_DOCUMENT_NUMBER.alphanumeric);
        expect(pattern.test(value)).toBe(normalizeDocumentNumber(value, { numeric }) === value);
      }),
    );
  });

  it('says so when a number normalises to nothing, and the schema lets separators through', () => {
    expect(normalizeDocumentNumber('00000', NUMERIC)).toBe('');
    expect(normalizeDocumentNumber('-----', LETTERS)).toBe('');
    expect(documentNumberProblem('00000', NUMERIC)).toBe(DOCUMENT_NUMBER_EMPTY_MESSAGE);
    expect(documentNumberProblem('00000', LETTERS)).toBeUndefined();
    expect(documentCheckSchema.safeParse({ documentTypeId: 1, documentNumber: '1.024.477 501/' }).success).toBe(true);
  });
});
