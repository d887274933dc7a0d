import { In, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { companySchema } from '../../../contract';
import { CampaignEntity, CompanyEntity, QuestionGroupEntity } from '../../../db/entities';
import { conflict } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { refreshCampaigns } from '../../standings/refresh';

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

export function createCompany(em: EntityManager, input: CompanyData): Promise<CompanyEntity> {
  return em.save(em.create(CompanyEntity, { name: input.name, description: input.description, logoUrl: null, timeZone: input.timeZone ?? null }));
}

/**
 * Saves a company's name, description and (when sent) time zone. A new zone moves its campaigns'
 * days, so their standings are recomputed in the same transaction.
 */
export async function updateCompany(em: EntityManager, id: number, input: CompanyData): Promise<CompanyEntity> {
  return em.transaction(async (tx) => {
    const company = await tx.findOne(CompanyEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!company) throw missing('company');
    const zoneChanged = input.timeZone !== undefined && input.timeZone !== company.timeZone;
    company.name = input.name;
    company.description = input.description;
    if (input.timeZone !== undefined) company.timeZone = input.timeZone;
    const saved = await tx.save(company);
    if (zoneChanged) {
      const campaigns = await tx.find(CampaignEntity, { where: { companyId: id }, select: { id: true }, order: { id: 'ASC' } });
      await refreshCampaigns(tx, campaigns.map((c) => c.id));
    }
    return saved;
  });
}

/**
 * Deletes a company and (by cascade) its sites. Refused while trivias or campaigns remain, so a
 * company delete never takes players' scores with it. Returns the removed logo path, if any.
 */
export async function deleteCompany(em: EntityManager, id: number): Promise<string | null> {
  return em.transaction(async (tx) => {
    const company = await tx.findOne(CompanyEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!company) throw missing('company');
    const [trivias, campaigns] = await Promise.all([
      tx.countBy(QuestionGroupEntity, { companyId: id }),
      tx.countBy(CampaignEntity, { companyId: id }),
    ]);
    if (trivias > 0 || campaigns > 0) throw conflict(COMPANY_IN_USE);
    await tx.delete(CompanyEntity, { id });
    return company.logoUrl;
  });
}
