import type { DocumentType } from '../../../contract';
import type { DocumentTypeEntity } from '../../../db/entities';

export function presentDocumentType(type: DocumentTypeEntity): DocumentType {
  return { id: type.id, name: type.name, code: type.code, numeric: type.numeric } satisfies DocumentType;
}
