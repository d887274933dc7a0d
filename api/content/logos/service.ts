import type { EntityManager } from 'typeorm';
import { UPLOADED_LOGO_PATTERN, type LogoEntityType } from '../../../contract';
import { CompanyEntity, QuestionGroupEntity } from '../../../db/entities';
import { badRequest } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { fileNameOf, objectNameOf } from './logo-url';
import { forgetUpload, markAttached } from './upload-ledger';

const ENTITIES = {
  company: { entity: CompanyEntity, kind: 'company', activityKind: 'company', noun: 'la empresa' },
  'question-group': { entity: QuestionGroupEntity, kind: 'group', activityKind: 'trivia', noun: 'la trivia' },
} as const;

/** The company of a logo's owner: the company itself, or the trivia's. */
const companyOf = (owner: CompanyEntity | QuestionGroupEntity) => ('companyId' in owner ? owner.companyId : owner.id);

/**
 * The entry in "Actividad" of a signed upload URL for a logo: handing it out lets a file into
 * the installation's storage for that company or trivia, so who asked for it is recorded.
 */
export async function recordLogoUploadUrl(em: EntityManager, actor: Actor, entityType: LogoEntityType, entityId: number): Promise<void> {
  const { entity, kind, activityKind, noun } = ENTITIES[entityType];
  await em.transaction(async (tx) => {
    const owner = await tx.findOneBy(entity, { id: entityId });
    if (!owner) throw missing(kind);
    await recordActivity(tx, actor, { companyId: companyOf(owner), kind: activityKind, objectId: entityId, action: 'link', summary: `Pidió un enlace para subir el logo de ${noun} ${quoted(owner.name)}` });
  });
}

export const LOGO_INVALID = 'Logo no válido';

/** Upload object names start with the entity they were granted for, so a logo cannot move between entities. */
export const objectNamePrefix = (entityType: LogoEntityType, entityId: number) => `${entityType}-${entityId}-`;

export async function ensureLogoOwnerExists(em: EntityManager, entityType: LogoEntityType, entityId: number): Promise<void> {
  const { entity, kind } = ENTITIES[entityType];
  if (!(await em.existsBy(entity, { id: entityId }))) throw missing(kind);
}

/**
 * Points an entity at a new logo (or none). A trivia's logo is part of what kiosks play, so its
 * content version moves. The new upload is marked attached in the same transaction (so the sweep
 * of unattached uploads never takes it) and `isStored` is asked only then, so a file swept a moment
 * before is a 400, never a logo without its file. Returns the previous logo, whose file the caller
 * removes (its record goes here). Recorded in "Actividad" in the same transaction.
 */
export async function replaceLogo(
  em: EntityManager,
  entityType: LogoEntityType,
  entityId: number,
  logoUrl: string | null,
  actor: Actor,
  isStored: (logoUrl: string) => Promise<boolean> = async () => true,
): Promise<string | null> {
  if (logoUrl !== null && (!UPLOADED_LOGO_PATTERN.test(logoUrl) || !logoUrl.startsWith(`/api/uploads/${objectNamePrefix(entityType, entityId)}`))) {
    throw badRequest(LOGO_INVALID);
  }
  return em.transaction(async (tx) => {
    const { entity, kind, activityKind, noun } = ENTITIES[entityType];
    const current = await tx.findOne(entity, { where: { id: entityId }, lock: { mode: 'pessimistic_write' } });
    if (!current) throw missing(kind);
    if (logoUrl !== null) {
      await markAttached(tx, objectNameOf(logoUrl), fileNameOf(logoUrl));
      if (!(await isStored(logoUrl))) throw badRequest(LOGO_INVALID);
    }
    if (entityType === 'question-group') {
      await tx.update(QuestionGroupEntity, { id: entityId }, { logoUrl });
    } else {
      await tx.update(CompanyEntity, { id: entityId }, { logoUrl });
    }
    const previous = current.logoUrl === logoUrl ? null : current.logoUrl;
    if (previous && UPLOADED_LOGO_PATTERN.test(previous)) await forgetUpload(tx, fileNameOf(previous));
    const what = logoUrl === null ? 'Quitó el logo' : current.logoUrl ? 'Cambió el logo' : 'Puso un logo';
    await recordActivity(tx, actor, {
      companyId: companyOf(current),
      kind: activityKind,
      objectId: entityId,
      action: 'changed',
      summary: `${what} de ${noun} ${quoted(current.name)}${current.logoUrl === logoUrl ? ' (sin cambios)' : ''}`,
      changes: { logoUrl: [current.logoUrl ?? null, logoUrl] },
    });
    return previous;
  });
}
