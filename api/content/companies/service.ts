import { In, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { companySchema } from '../../../contract';
import { CampaignEntity, CompanyEntity, QuestionGroupEntity } from '../../../db/entities';
import { conflict } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { changesBetween, quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { refreshCompanyDays } from '../../standings/refresh';

type CompanyData = z.output<typeof companySchema>;

export const COMPANY_IN_USE =
  'No se puede eliminar la empresa porque todavía tiene trivias o campañas. Elimínalas primero (cada una con su advertencia) para no perder puntajes por accidente.';

/** The companies, by name: those of `companyIds`, or every one for null (an owner's list). */
export function listCompanies(em: EntityManager, companyIds: number[] | null): Promise<CompanyEntity[]> {
  return em.find(CompanyEntity, { where: companyIds === null ? {} : { id: In(companyIds) }, order: { name: 'ASC', id: 'ASC' } });
}

export async function findCompany(em: EntityManager, id: number): Promise<CompanyEntity> {
  const company = await em.findOneBy(CompanyEntity, { id });
  if (!company) throw missing('company');
  return company;
}

const COMPANY_FIELDS = ['name', 'description', 'timeZone'] as const;

export function createCompany(em: EntityManager, input: CompanyData, actor: Actor): Promise<CompanyEntity> {
  return em.transaction(async (tx) => {
    const company = await tx.save(tx.create(CompanyEntity, { name: input.name, description: input.description, logoUrl: null, timeZone: input.timeZone ?? null }));
    const changes = changesBetween<CompanyEntity>(null, company, COMPANY_FIELDS);
    await recordActivity(tx, actor, { companyId: company.id, kind: 'company', objectId: company.id, action: 'created', summary: `Creó la empresa ${quoted(company.name)}`, changes });
    return company;
  });
}

/**
 * Saves a company's name, description and (when sent) time zone. A new zone moves its days, so
 * its campaigns' standings and its day standings are recomputed in the same transaction.
 */
export async function updateCompany(em: EntityManager, id: number, input: CompanyData, actor: Actor): Promise<CompanyEntity> {
  return em.transaction(async (tx) => {
    const company = await tx.findOne(CompanyEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!company) throw missing('company');
    const before = { ...company };
    const zoneChanged = input.timeZone !== undefined && input.timeZone !== company.timeZone;
    company.name = input.name;
    company.description = input.description;
    if (input.timeZone !== undefined) company.timeZone = input.timeZone;
    const saved = await tx.save(company);
    if (zoneChanged) await refreshCompanyDays(tx, id);
    const changes = changesBetween<CompanyEntity>(before, saved, COMPANY_FIELDS);
    await recordActivity(tx, actor, { companyId: id, kind: 'company', objectId: id, action: 'changed', summary: `Editó la empresa ${quoted(saved.name)}`, changes });
    return saved;
  });
}

/**
 * Deletes a company and (by cascade) its sites. Refused while trivias or campaigns remain, so a
 * company delete never takes players' scores with it. Returns the removed logo path, if any.
 */
export async function deleteCompany(em: EntityManager, id: number, actor: Actor): Promise<string | null> {
  return em.transaction(async (tx) => {
    const company = await tx.findOne(CompanyEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!company) throw missing('company');
    const [trivias, campaigns] = await Promise.all([
      tx.countBy(QuestionGroupEntity, { companyId: id }),
      tx.countBy(CampaignEntity, { companyId: id }),
    ]);
    if (trivias > 0 || campaigns > 0) throw conflict(COMPANY_IN_USE);
    await tx.delete(CompanyEntity, { id });
    await recordActivity(tx, actor, { companyId: id, kind: 'company', objectId: id, action: 'deleted', summary: `Borró la empresa ${quoted(company.name)}` });
    return company.logoUrl;
  });
}
