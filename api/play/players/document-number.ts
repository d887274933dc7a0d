import type { EntityManager } from 'typeorm';
import { DOCUMENT_NUMBER_EMPTY_MESSAGE, normalizeDocumentNumber, type DocumentKind } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';
import { badRequest } from '../../platform/http/errors';

/**
 * Whether each document type's numbers are digits only, per database. Document types change only
 * through migrations (no route writes them), so a type read once stays right for the process's
 * life; an id not found is read again next time (and normalised as letters and digits meanwhile:
 * no player has an unknown type, and a registration naming one is refused).
 */
const numericTypes = new WeakMap<object, Map<number, boolean>>();

/** Whether the type's numbers are digits only; undefined when no type has this id. */
async function isNumericType(em: EntityManager, documentTypeId: number): Promise<boolean | undefined> {
  let known = numericTypes.get(em.connection);
  if (!known) numericTypes.set(em.connection, (known = new Map()));
  const cached = known.get(documentTypeId);
  if (cached !== undefined) return cached;
  const [row]: { numeric: boolean }[] = await em.query(prepared(`SELECT numeric FROM document_types WHERE id = $1`), [documentTypeId]);
  if (row) known.set(documentTypeId, row.numeric);
  return row?.numeric;
}

/** How a document type writes its numbers (`numeric` or not), for `normalizeDocumentNumber`. */
export async function documentKindOf(em: EntityManager, documentTypeId: number): Promise<DocumentKind> {
  return { numeric: (await isNumericType(em, documentTypeId)) ?? false };
}

/** As documentKindOf, but null when no document type has this id (a refused payload may name one). */
export async function knownDocumentKind(em: EntityManager, documentTypeId: number): Promise<DocumentKind | null> {
  const numeric = await isNumericType(em, documentTypeId);
  return numeric === undefined ? null : { numeric };
}

export const documentNumberEmpty = () =>
  badRequest(DOCUMENT_NUMBER_EMPTY_MESSAGE, {
    code: 'document_number_empty',
    issues: [{ path: 'documentNumber', message: DOCUMENT_NUMBER_EMPTY_MESSAGE }],
  });

/**
 * A document as the server stores and looks it up: the number in its type's canonical form
 * (contract's `normalizeDocumentNumber`, the one rule). A number with nothing left is a 400
 * `document_number_empty`. Every write, lookup and comparison of a document number goes through here.
 */
export async function canonicalDocument<T extends { documentTypeId: number; documentNumber: string }>(em: EntityManager, document: T): Promise<T> {
  const documentNumber = normalizeDocumentNumber(document.documentNumber, await documentKindOf(em, document.documentTypeId));
  if (documentNumber === '') throw documentNumberEmpty();
  return documentNumber === document.documentNumber ? document : { ...document, documentNumber };
}
