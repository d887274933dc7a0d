import { In, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { campaignSchema } from '../../../contract';
import { CampaignEntity, CampaignQuestionGroupEntity } from '../../../db/entities';
import { findCompany } from '../companies/service';
import { badRequest } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { refreshCampaignStandings } from '../../standings/refresh';

type CampaignData = z.output<typeof campaignSchema>;

export const HAS_TRIVIAS = 'Quite las trivias de la campaña antes de cambiar su empresa';

/** The campaigns, newest first: those of `companyIds`, or of every company for null (an owner's list). */
export function listCampaigns(em: EntityManager, companyIds: number[] | null): Promise<CampaignEntity[]> {
  return em.find(CampaignEntity, { where: companyIds === null ? {} : { companyId: In(companyIds) }, order: { createdAt: 'DESC', id: 'DESC' } });
}

export async function findCampaign(em: EntityManager, id: number): Promise<CampaignEntity> {
  const campaign = await em.findOneBy(CampaignEntity, { id });
  if (!campaign) throw missing('campaign');
  return campaign;
}

/**
 * The campaign, locked (FOR UPDATE) until the transaction `tx` ends. Every change to the campaign's
 * trivias (which ones, their order) takes this lock first, so two editors' changes queue instead of
 * interleaving.
 */
export async function lockCampaign(tx: EntityManager, id: number): Promise<CampaignEntity> {
  const campaign = await tx.findOne(CampaignEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  if (!campaign) throw missing('campaign');
  return campaign;
}

export async function createCampaign(em: EntityManager, input: CampaignData): Promise<CampaignEntity> {
  await findCompany(em, input.companyId);
  return em.save(em.create(CampaignEntity, input));
}

/**
 * Moving a campaign to another company would leave it with trivias it may not hold, so links must
 * be removed first. The campaign is locked so no trivia joins between the check and the change.
 */
export function updateCampaign(em: EntityManager, id: number, input: CampaignData): Promise<CampaignEntity> {
  return em.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, id);
    if (input.companyId !== campaign.companyId) {
      await findCompany(tx, input.companyId);
      if (await tx.countBy(CampaignQuestionGroupEntity, { campaignId: id })) {
        throw badRequest(HAS_TRIVIAS, { code: 'campaign_has_trivias' });
      }
    }
    // Left out, the campaign keeps its public name style.
    Object.assign(campaign, { ...input, publicNames: input.publicNames ?? campaign.publicNames });
    const saved = await tx.save(campaign);
    // Its period, mode or attempt limit may have changed: every standing of the campaign is recomputed.
    await refreshCampaignStandings(tx, id);
    return saved;
  });
}

/** The campaign's links in their order, each with its trivia. */
export function linksInOrder(em: EntityManager, campaignId: number): Promise<CampaignQuestionGroupEntity[]> {
  return em.find(CampaignQuestionGroupEntity, {
    where: { campaignId },
    relations: { questionGroup: true },
    order: { order: 'ASC', id: 'ASC' },
  });
}

export async function listCampaignLinks(em: EntityManager, campaignId: number): Promise<CampaignQuestionGroupEntity[]> {
  await findCampaign(em, campaignId);
  return linksInOrder(em, campaignId);
}

/** The links go with the campaign (FK cascade); trivias and attempts are never touched. */
export async function deleteCampaign(em: EntityManager, id: number): Promise<void> {
  const result = await em.delete(CampaignEntity, { id });
  if (!result.affected) throw missing('campaign');
}
