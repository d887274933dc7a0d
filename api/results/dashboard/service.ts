import { In, type EntityManager } from 'typeorm';
import type { DashboardCounts } from '../../../contract';
import { CampaignEntity, CompanyEntity, QuestionGroupEntity } from '../../../db/entities';

/** The home cards' three counts, of `companies` only (null: every company). */
export async function dashboardCounts(em: EntityManager, companies: number[] | null): Promise<DashboardCounts> {
  if (companies?.length === 0) return { companies: 0, trivias: 0, campaigns: 0 };
  const ofCompanies = companies === null ? {} : { companyId: In(companies) };
  const [companyCount, trivias, campaigns] = await Promise.all([
    em.count(CompanyEntity, { where: companies === null ? {} : { id: In(companies) } }),
    em.count(QuestionGroupEntity, { where: ofCompanies }),
    em.count(CampaignEntity, { where: ofCompanies }),
  ]);
  return { companies: companyCount, trivias, campaigns };
}
