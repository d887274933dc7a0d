import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { BulkLinkReply, bulkLinkSchema, campaignLinkSchema, campaignLinkUpdateSchema, campaignSchema } from '../../contract';
import { CampaignEntity, CampaignQuestionGroupEntity, QuestionGroupEntity } from '../../db/entities';
import { findCompany } from '../companies/service';
import { badRequest, conflict, notFound } from '../errors';
import { GROUP_NOT_FOUND } from '../question-groups/service';

type CampaignData = z.output<typeof campaignSchema>;
type LinkData = z.output<typeof campaignLinkSchema>;
type LinkUpdate = z.output<typeof campaignLinkUpdateSchema>;
type BulkData = z.output<typeof bulkLinkSchema>;

export const CAMPAIGN_NOT_FOUND = 'Campaña no encontrada';
export const LINK_NOT_FOUND = 'La trivia no está en la campaña';
export const ALREADY_LINKED = 'La trivia ya está en la campaña';
export const OTHER_COMPANY = 'Solo se pueden agregar trivias de la empresa de la campaña';

export function listCampaigns(em: EntityManager): Promise<CampaignEntity[]> {
  return em.find(CampaignEntity, { order: { createdAt: 'DESC', id: 'DESC' } });
}

export async function findCampaign(em: EntityManager, id: number): Promise<CampaignEntity> {
  const campaign = await em.findOneBy(CampaignEntity, { id });
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}

export async function createCampaign(em: EntityManager, input: CampaignData): Promise<CampaignEntity> {
  await findCompany(em, input.companyId);
  return em.save(em.create(CampaignEntity, input));
}

/** Moving a campaign to another company would leave it with trivias it may not hold, so links must be removed first. */
export async function updateCampaign(em: EntityManager, id: number, input: CampaignData): Promise<CampaignEntity> {
  const campaign = await findCampaign(em, id);
  if (input.companyId !== campaign.companyId) {
    await findCompany(em, input.companyId);
    if (await em.countBy(CampaignQuestionGroupEntity, { campaignId: id })) {
      throw badRequest('Quite las trivias de la campaña antes de cambiar su empresa');
    }
  }
  Object.assign(campaign, input);
  return em.save(campaign);
}

/** The links go with the campaign (FK cascade); trivias and attempts are never touched. */
export async function deleteCampaign(em: EntityManager, id: number): Promise<void> {
  const result = await em.delete(CampaignEntity, { id });
  if (!result.affected) throw notFound(CAMPAIGN_NOT_FOUND);
}

export async function listCampaignLinks(em: EntityManager, campaignId: number): Promise<CampaignQuestionGroupEntity[]> {
  await findCampaign(em, campaignId);
  return em.find(CampaignQuestionGroupEntity, {
    where: { campaignId },
    relations: { questionGroup: true },
    order: { order: 'ASC', id: 'ASC' },
  });
}

/** Why a trivia cannot join the campaign, or null when it can. */
async function linkRefusal(em: EntityManager, campaign: CampaignEntity, questionGroupId: number): Promise<string | null> {
  const group = await em.findOneBy(QuestionGroupEntity, { id: questionGroupId });
  if (!group) return GROUP_NOT_FOUND;
  if (group.companyId !== campaign.companyId) return OTHER_COMPANY;
  if (await em.existsBy(CampaignQuestionGroupEntity, { campaignId: campaign.id, questionGroupId })) return ALREADY_LINKED;
  return null;
}

function refuse(reason: string): never {
  if (reason === ALREADY_LINKED) throw conflict(reason);
  if (reason === GROUP_NOT_FOUND) throw notFound(reason);
  throw badRequest(reason);
}

export async function linkQuestionGroup(em: EntityManager, input: LinkData): Promise<CampaignQuestionGroupEntity> {
  const campaign = await findCampaign(em, input.campaignId);
  const refusal = await linkRefusal(em, campaign, input.questionGroupId);
  if (refusal) refuse(refusal);
  const order = input.order ?? (await nextOrder(em, campaign.id));
  const link = await em.save(
    em.create(CampaignQuestionGroupEntity, { campaignId: campaign.id, questionGroupId: input.questionGroupId, weight: input.weight, order }),
  );
  return findLink(em, link.id);
}

/**
 * After the last link: max(order) + 1, which is the spec's count + 1 while the orders are 1..n
 * (removals renumber them), and never repeats an order after a trivia was deleted with its link.
 */
async function nextOrder(em: EntityManager, campaignId: number): Promise<number> {
  const [row] = (await em.query(`SELECT coalesce(max("order"), 0) + 1 AS next FROM campaign_question_groups WHERE campaign_id = $1`, [
    campaignId,
  ])) as { next: number }[];
  return Number(row!.next);
}

async function findLink(em: EntityManager, id: number): Promise<CampaignQuestionGroupEntity> {
  const link = await em.findOne(CampaignQuestionGroupEntity, { where: { id }, relations: { questionGroup: true } });
  if (!link) throw notFound(LINK_NOT_FOUND);
  return link;
}

export async function updateLink(em: EntityManager, id: number, input: LinkUpdate): Promise<CampaignQuestionGroupEntity> {
  const link = await findLink(em, id);
  Object.assign(link, input);
  await em.save(CampaignQuestionGroupEntity, { id: link.id, order: link.order, weight: link.weight });
  return link;
}

/**
 * The remaining links are renumbered 1..n in the same transaction: a gap (or, with a later add, a
 * repeated order) would leave the editor's up/down swap with nothing to swap.
 */
export function unlinkQuestionGroup(em: EntityManager, campaignId: number, questionGroupId: number): Promise<void> {
  return em.transaction(async (tx) => {
    await findCampaign(tx, campaignId);
    const result = await tx.delete(CampaignQuestionGroupEntity, { campaignId, questionGroupId });
    if (!result.affected) throw notFound(LINK_NOT_FOUND);
    await tx.query(
      `UPDATE campaign_question_groups link SET "order" = numbered.position
         FROM (SELECT id, row_number() OVER (ORDER BY "order", id) AS position
                 FROM campaign_question_groups WHERE campaign_id = $1) numbered
        WHERE link.id = numbered.id AND link."order" <> numbered.position`,
      [campaignId],
    );
  });
}

/**
 * Links each trivia on its own: a refused one is reported and does not stop the others. The whole
 * request is one transaction, so an unexpected failure stores none of it.
 */
export function bulkLink(em: EntityManager, campaignId: number, input: BulkData): Promise<BulkLinkReply> {
  return em.transaction(async (tx) => {
    const campaign = await findCampaign(tx, campaignId);
    const details: BulkLinkReply['details'] = [];
    let order = input.startingOrder;
    for (const questionGroupId of input.questionGroupIds) {
      const refusal = await linkRefusal(tx, campaign, questionGroupId);
      if (refusal) {
        details.push({ questionGroupId, success: false, error: refusal });
        continue;
      }
      await tx.save(tx.create(CampaignQuestionGroupEntity, { campaignId, questionGroupId, weight: input.weight, order: order++ }));
      details.push({ questionGroupId, success: true });
    }
    const added = details.filter((d) => d.success).length;
    return { added, errors: details.length - added, details };
  });
}
