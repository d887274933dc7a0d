import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { campaignSchema } from '../../../contract';
import { CampaignEntity, CampaignQuestionGroupEntity } from '../../../db/entities';
import { findCompany } from '../companies/service';
import { badRequest, notFound } from '../../platform/http/errors';
import { changesBetween, quoted, recordActivity, type Actor } from '../../platform/activity/record';
import type { ActivityChanges } from '../../../contract';
import { refreshCampaignStandings } from '../../standings/refresh';

type CampaignData = z.output<typeof campaignSchema>;

export const CAMPAIGN_NOT_FOUND = 'Campaña no encontrada';
export const HAS_TRIVIAS = 'Quite las trivias de la campaña antes de cambiar su empresa';

export function listCampaigns(em: EntityManager): Promise<CampaignEntity[]> {
  return em.find(CampaignEntity, { order: { createdAt: 'DESC', id: 'DESC' } });
}

export async function findCampaign(em: EntityManager, id: number): Promise<CampaignEntity> {
  const campaign = await em.findOneBy(CampaignEntity, { id });
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}

/**
 * The campaign, locked (FOR UPDATE) until the transaction `tx` ends. Every change to the campaign's
 * trivias (which ones, their order) takes this lock first, so two editors' changes queue instead of
 * interleaving.
 */
export async function lockCampaign(tx: EntityManager, id: number): Promise<CampaignEntity> {
  const campaign = await tx.findOne(CampaignEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}

const CAMPAIGN_FIELDS = ['name', 'description', 'companyId', 'startDate', 'endDate', 'maxAttemptsPerTrivia', 'attemptSelectionMode', 'publicNames'] as const;

/** An entry of "Actividad" about a campaign, its trivias included. */
export function recordCampaign(tx: EntityManager, actor: Actor, campaign: CampaignEntity, action: 'created' | 'changed' | 'deleted', summary: string, changes?: ActivityChanges) {
  return recordActivity(tx, actor, { companyId: campaign.companyId, kind: 'campaign', objectId: campaign.id, action, summary, changes });
}

export function createCampaign(em: EntityManager, input: CampaignData, actor: Actor): Promise<CampaignEntity> {
  return em.transaction(async (tx) => {
    await findCompany(tx, input.companyId);
    const campaign = await tx.save(tx.create(CampaignEntity, input));
    await recordCampaign(tx, actor, campaign, 'created', `Creó la campaña ${quoted(campaign.name)}`, changesBetween<CampaignEntity>(null, campaign, CAMPAIGN_FIELDS));
    return campaign;
  });
}

/**
 * Moving a campaign to another company would leave it with trivias it may not hold, so links must
 * be removed first. The campaign is locked so no trivia joins between the check and the change.
 */
export function updateCampaign(em: EntityManager, id: number, input: CampaignData, actor: Actor): Promise<CampaignEntity> {
  return em.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, id);
    const before = { ...campaign };
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
    await recordCampaign(tx, actor, saved, 'changed', `Editó la campaña ${quoted(saved.name)}`, changesBetween<CampaignEntity>(before, saved, CAMPAIGN_FIELDS));
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
export function deleteCampaign(em: EntityManager, id: number, actor: Actor): Promise<void> {
  return em.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, id);
    await tx.delete(CampaignEntity, { id });
    await recordCampaign(tx, actor, campaign, 'deleted', `Borró la campaña ${quoted(campaign.name)}`);
  });
}
