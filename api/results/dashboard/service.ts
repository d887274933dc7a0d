import type { EntityManager } from 'typeorm';
import type { DashboardCounts } from '../../../contract';
import { CampaignEntity, CompanyEntity, QuestionGroupEntity } from '../../../db/entities';

/** The home cards' three counts. */
export async function dashboardCounts(em: EntityManager): Promise<DashboardCounts> {
  const [companies, trivias, campaigns] = await Promise.all([em.count(CompanyEntity), em.count(QuestionGroupEntity), em.count(CampaignEntity)]);
  return { companies, trivias, campaigns };
}
