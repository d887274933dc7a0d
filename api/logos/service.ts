import type { EntityManager } from 'typeorm';
import type { LogoEntityType } from '../../contract';
import { CompanyEntity, QuestionGroupEntity } from '../../db/entities';
import { badRequest, notFound } from '../errors';
import { COMPANY_NOT_FOUND } from '../companies/service';
import { GROUP_NOT_FOUND } from '../question-groups/service';

const ENTITIES = {
  company: { entity: CompanyEntity, missing: COMPANY_NOT_FOUND },
  'question-group': { entity: QuestionGroupEntity, missing: GROUP_NOT_FOUND },
} as const;

/** Upload object names start with the entity they were granted for, so a logo cannot move between entities. */
export const objectNamePrefix = (entityType: LogoEntityType, entityId: number) => `${entityType}-${entityId}-`;

export async function ensureLogoOwnerExists(em: EntityManager, entityType: LogoEntityType, entityId: number): Promise<void> {
  const { entity, missing } = ENTITIES[entityType];
  if (!(await em.existsBy(entity, { id: entityId }))) throw notFound(missing);
}

/**
 * Points an entity at a new logo (or none). A trivia's logo is part of what kiosks play, so its
 * content version moves. Returns the previous logo, whose file the caller removes.
 */
export async function replaceLogo(
  em: EntityManager,
  entityType: LogoEntityType,
  entityId: number,
  logoUrl: string | null,
): Promise<string | null> {
  if (logoUrl !== null && !logoUrl.startsWith(`/api/uploads/${objectNamePrefix(entityType, entityId)}`)) {
    throw badRequest('Logo no válido');
  }
  return em.transaction(async (tx) => {
    const { entity, missing } = ENTITIES[entityType];
    const current = await tx.findOne(entity, { where: { id: entityId }, lock: { mode: 'pessimistic_write' } });
    if (!current) throw notFound(missing);
    if (entityType === 'question-group') {
      await tx.update(QuestionGroupEntity, { id: entityId }, { logoUrl, contentVersion: () => 'content_version + 1' });
    } else {
      await tx.update(CompanyEntity, { id: entityId }, { logoUrl });
    }
    return current.logoUrl === logoUrl ? null : current.logoUrl;
  });
}
