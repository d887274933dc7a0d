import type { EntityManager } from 'typeorm';
import { DocumentTypeEntity } from '../../../db/entities';

export function listDocumentTypes(em: EntityManager): Promise<DocumentTypeEntity[]> {
  return em.find(DocumentTypeEntity, { order: { id: 'ASC' } });
}
