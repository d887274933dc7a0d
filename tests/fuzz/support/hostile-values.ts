import fc from 'fast-check';

/**
 * Values a hostile or broken client sends: wrong types, huge and negative numbers, unicode that
 * trips text handling, null bytes, prototype keys, deep nesting. Every arbitrary here is plain
 * data (JSON-able), so a counterexample prints as what was sent.
 */

/** Field names the contract's schemas read, so generated objects reach past the first check. */
export const FIELD_NAMES = [
  'id', 'name', 'description', 'companyId', 'groupId', 'questionGroupId', 'questionGroupIds', 'campaignId',
  'questionId', 'answerId', 'locationId', 'playerId', 'text', 'answers', 'isCorrect', 'order', 'position',
  'direction', 'startingOrder', 'questionsPerRound', 'maxAttempts', 'randomizeQuestions', 'randomizeAnswers',
  'attemptSelectionMode', 'theme', 'instructions', 'headingFontFamily', 'logoUrl', 'entityType', 'entityId',
  'username', 'password', 'email', 'firstName', 'lastName', 'fullName', 'documentTypeId', 'documentNumber',
  'clientId', 'deviceId', 'secret', 'mutations', 'mutationId', 'kind', 'type', 'payload', 'token', 'score',
  'correctAnswers', 'totalQuestions', 'completionTime', 'keepExisting', 'status', 'context', 'numQuestions',
  'weight', 'startDate', 'endDate', 'limit', 'offset', 'playerClientId', 'attemptClientId', 'startedAt', 'completedAt',
  'chosenAnswers', 'phone',
] as const;

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'] as const;

export const QUERY_NAMES = [
  'limit', 'offset', 'dateFrom', 'dateTo', 'includeDuplicates', 'locationId', 'questionGroupId', 'campaignId',
  'companyId', 'search', 'page', 'sort', 'kiosk',
] as const;

/** Text that trips naive handling: direction overrides, emoji, combining marks, NUL, lone surrogates. */
const SPECIAL_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '\u202Eabc\u202C', 'مرحبا بالعالم', 'עברית', '👩‍👩‍👧‍👦🏳️‍🌈', '🙂'.repeat(50),
  'e\u0301\u0301\u0301\u0301', 'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇', '\uD800', '\uDFFF', '\uFEFF1', '\r\n', '\t', '=1+1', '-1', '@SUM(A1)',
  "'; DROP TABLE players; --", '" OR 1=1 --', '<script>alert(1)</script>', '../../../../etc/passwd', '%00', '%', '{}', '[]',
  'null', 'true', 'NaN', 'Infinity', '-0', '1e309', '0x10', '1.5', ' 12 ', '００１', '٣', 'ⅷ', '9'.repeat(40),
  '2026-02-30', '2026-13-01T25:61:61Z', '0000-00-00', '0000-01-01', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', 'CC', 'cc', 'AB12345',
  '00000000-0000-0000-0000-000000000000', 'not-a-uuid', '__proto__', 'constructor', 'https://example.com/x.png',
  'javascript:alert(1)', 'data:image/png;base64,AAAA', '/api/uploads/../../x', 'x'.repeat(300), 'y'.repeat(5000),
];

const HUGE_NUMBERS = [
  0, -0, 1, -1, 2, 3, 5, 100, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e21, -1e21, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE, 0.5, -0.5,
  1.0000000001, 3.14159,
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_TEXT) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...SPECIAL_TEXT), fc.string({ maxLength: 10 })).map(([a, b]) => a + b) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HUGE_NUMBERS) },
  { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

export const hostilePrimitive: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 4, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: hostileText },
);

/** Objects and arrays a few levels deep, keyed by the contract's field names, prototype keys and odd text. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostilePrimitive },
    { weight: 2, arbitrary: tie('object') },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
  ),
  object: fc.dictionary(hostileKey, tie('value'), { maxKeys: 6, noNullPrototype: true }),
})).value;

/** A body shaped like a real one: an object of known fields with hostile values (the common case). */
export const hostileObject: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(hostileKey, hostileJson, {
  maxKeys: 8,
  noNullPrototype: true,
});

/** JSON text of an object wrapped `depth` times in arrays or objects (built as text: no recursion here). */
export function nested(depth: number, useObjects: boolean): string {
  const inner = '{"name":"x"}';
  return useObjects ? `${'{"payload":'.repeat(depth)}${inner}${'}'.repeat(depth)}` : `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

/** JSON text no parser accepts, or accepts in surprising ways. */
export const MALFORMED_JSON = [
  '{', '}', '{"name": ', '{"name": "a"', '[1, 2', '{"a":1}}', "{'a': 1}", '{"a": undefined}', '{"a": NaN}',
  '{"a": 01}', 'nul', '\u0000', '{"a":"\u0000"}', '\uFEFF{}', '{"a": "\\ud800"}', '{"a": "\\u0000"}', '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"admin": true}}}', '"text"', '12', 'null', 'true', '[]', '{"a": 1, "a": 2}', '   ',
  '{"a": 1e999999}', '{"a": -1e999999}', `{"a": ${'9'.repeat(400)}}`, '{"a":"\\x41"}', '{"a": [1,]}', '{,}',
];
