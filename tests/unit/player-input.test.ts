import { describe, expect, it } from 'vitest';
import { documentCheckSchema, playerRegistrationSchema } from '../../contract';
import { documentCheckProblems, normalizeDocumentNumber, registrationProblems } from '../../contract/player-input';

/** The first message zod gives for a field, as the server would refuse it. */
function zodProblems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
  return found;
}

describe("the player's form rules, without zod", () => {
  const documents: { documentTypeId: number | undefined; documentNumber: string }[] = [
    { documentTypeId: 1, documentNumber: '12345' },
    { documentTypeId: 1, documentNumber: ' ab-12345 ' },
    { documentTypeId: undefined, documentNumber: '' },
    { documentTypeId: 0, documentNumber: '1234' },
    { documentTypeId: 1.5, documentNumber: '12 345' },
    { documentTypeId: 2, documentNumber: 'x'.repeat(31) },
    { documentTypeId: 3, documentNumber: '12345$' },
  ];

  it('refuse a document exactly where the server does, with its messages', () => {
    for (const input of documents) {
      expect(documentCheckProblems(input), JSON.stringify(input)).toEqual(zodProblems(documentCheckSchema.safeParse(input)));
    }
  });

  it('normalise what the schema lets through as the server stores it', () => {
    const parsed = documentCheckSchema.parse({ documentTypeId: 1, documentNumber: ' ab-12345 ' });
    expect(normalizeDocumentNumber(parsed.documentNumber, { numeric: false })).toBe('AB12345');
    expect(normalizeDocumentNumber(parsed.documentNumber, { numeric: true })).toBe('12345');
  });

  it("refuse a registration's name and site exactly where the server does", () => {
    const registrations: { fullName: string; locationId: number | undefined }[] = [
      { fullName: 'Ana Pérez', locationId: 3 },
      { fullName: '   ', locationId: undefined },
      { fullName: 'x'.repeat(151), locationId: -1 },
      { fullName: 'Ana', locationId: 2.5 },
    ];
    for (const input of registrations) {
      const server = zodProblems(playerRegistrationSchema.safeParse({ ...input, documentTypeId: 1, documentNumber: '12345' }));
      expect(registrationProblems(input), JSON.stringify(input)).toEqual(server);
    }
  });
});
