import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { BulkLinkReply, CampaignLinkMove, bulkLinkSchema, campaignLinkSchema, campaignLinkUpdateSchema, ErrorCode } from '../../../contract';
import { CampaignQuestionGroupEntity, QuestionGroupEntity, type CampaignEntity } from '../../../db/entities';
import { AppError } from '../../platform/http/errors';
import { missing, NOT_FOUND } from '../../platform/access/not-found';
import { moved, moveTarget, nextOrder, orderedLinks, writeOrder } from './link-order';
import { findCampaign, linksInOrder, lockCampaign, recordCampaign } from './service';
import { quoted, type Actor } from '../../platform/activity/record';
import { refreshCampaignStandings } from '../../standings/refresh';

type LinkData = z.output<typeof campaignLinkSchema>;
type LinkUpdate = z.output<typeof campaignLinkUpdateSchema>;
type BulkData = z.output<typeof bulkLinkSchema>;

/** Why a trivia cannot join a campaign: the reply's status, code and Spanish text. */
interface LinkRefusal {
  status: 400 | 404 | 409;
  code: ErrorCode;
  message: string;
}

const LINK_REFUSALS = {
  groupNotFound: { status: 404, code: 'not_found', message: NOT_FOUND.group.message },
  otherCompany: { status: 400, code: 'campaign_other_company', message: 'Solo se pueden agregar trivias de la empresa de la campaña' },
  alreadyLinked: { status: 409, code: 'campaign_link_exists', message: 'La trivia ya está en la campaña' },
} as const satisfies Record<string, LinkRefusal>;

const refusalError = (refusal: LinkRefusal) => new AppError(refusal.status, refusal.message, { code: refusal.code });

/**
 * Whether the user reaches a company (api/platform/access/access.ts): a trivia of a company beyond
 * their reach is refused as if it did not exist, never as another company's.
 */
export type ReachesCompany = (companyId: number) => boolean;

/** Why a trivia cannot join the campaign, or null when it can. */
async function linkRefusal(tx: EntityManager, campaign: CampaignEntity, questionGroupId: number, reaches: ReachesCompany): Promise<LinkRefusal | null> {
  const group = await tx.findOneBy(QuestionGroupEntity, { id: questionGroupId });
  if (!group || !reaches(group.companyId)) return LINK_REFUSALS.groupNotFound;
  if (group.companyId !== campaign.companyId) return LINK_REFUSALS.otherCompany;
  if (await tx.existsBy(CampaignQuestionGroupEntity, { campaignId: campaign.id, questionGroupId })) return LINK_REFUSALS.alreadyLinked;
  return null;
}

async function findLink(em: EntityManager, id: number): Promise<CampaignQuestionGroupEntity> {
  const link = await em.findOne(CampaignQuestionGroupEntity, { where: { id }, relations: { questionGroup: true } });
  if (!link) throw missing('campaignLink');
  return link;
}

/** Adds one trivia after the campaign's last; a client's `order` is ignored (the server owns the order). */
export function linkQuestionGroup(em: EntityManager, input: LinkData, reaches: ReachesCompany, actor: Actor): Promise<CampaignQuestionGroupEntity> {
  return em.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, input.campaignId);
    const refusal = await linkRefusal(tx, campaign, input.questionGroupId, reaches);
    if (refusal) throw refusalError(refusal);
    const order = await nextOrder(tx, campaign.id);
    const link = await tx.save(
      tx.create(CampaignQuestionGroupEntity, { campaignId: campaign.id, questionGroupId: input.questionGroupId, weight: input.weight, order }),
    );
    await refreshCampaignStandings(tx, campaign.id);
    const added = await findLink(tx, link.id);
    await recordCampaign(tx, actor, campaign, 'changed', `Añadió la trivia ${quoted(added.questionGroup.name)} a la campaña ${quoted(campaign.name)}`, { trivias: [null, added.questionGroup.name] });
    return added;
  });
}

/**
 * Adds each trivia after the last, in the order listed: a refused one is reported (with its code)
 * and does not stop the others. The whole request is one transaction under the campaign's lock, so
 * an unexpected failure stores none of it. A client's `startingOrder` is ignored.
 */
export function bulkLink(em: EntityManager, campaignId: number, input: BulkData, reaches: ReachesCompany, actor: Actor): Promise<BulkLinkReply> {
  return em.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    const details: BulkLinkReply['details'] = [];
    let order = await nextOrder(tx, campaignId);
    for (const questionGroupId of input.questionGroupIds) {
      const refusal = await linkRefusal(tx, campaign, questionGroupId, reaches);
      if (refusal) {
        details.push({ questionGroupId, success: false, error: refusal.message, code: refusal.code });
        continue;
      }
      await tx.save(tx.create(CampaignQuestionGroupEntity, { campaignId, questionGroupId, weight: input.weight, order: order++ }));
      details.push({ questionGroupId, success: true });
    }
    const added = details.filter((d) => d.success).length;
    const refused = details.length - added;
    const refusedText = refused ? ` (${refused === 1 ? '1 rechazada' : `${refused} rechazadas`})` : '';
    if (added > 0) {
      await refreshCampaignStandings(tx, campaignId);
      const ids = details.filter((d) => d.success).map((d) => d.questionGroupId);
      await recordCampaign(tx, actor, campaign, 'changed', `Añadió ${added === 1 ? '1 trivia' : `${added} trivias`} a la campaña ${quoted(campaign.name)}${refusedText}`, { trivias: [null, ids.join(', ')] });
    } else {
      await recordCampaign(tx, actor, campaign, 'changed', `No añadió ninguna trivia a la campaña ${quoted(campaign.name)}${refusedText}: sin cambios`);
    }
    return { added, errors: details.length - added, details };
  });
}

/**
 * Moves a campaign's trivia up, down or to a position; the others shift and the campaign's
 * positions come out 1..n. Answers the campaign's links in their new order.
 */
export function moveLink(em: EntityManager, campaignId: number, questionGroupId: number, move: CampaignLinkMove, actor: Actor): Promise<CampaignQuestionGroupEntity[]> {
  return em.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    const links = await orderedLinks(tx, campaignId);
    const index = links.findIndex((link) => link.questionGroupId === questionGroupId);
    if (index < 0) throw missing('campaignLink');
    const target = moveTarget(index, move);
    await writeOrder(tx, moved(links.map((link) => link.id), index, target));
    await recordCampaign(tx, actor, campaign, 'changed', `Cambió el orden de las trivias de la campaña ${quoted(campaign.name)}`, { [`posición de la trivia ${questionGroupId}`]: [index + 1, target + 1] });
    return linksInOrder(tx, campaignId);
  });
}

/** PATCH /api/campaign-question-groups/:id: a new weight, or `order`, which moves the link to that position (the others shift). */
export async function updateLink(em: EntityManager, id: number, input: LinkUpdate, actor: Actor): Promise<CampaignQuestionGroupEntity> {
  if ('weight' in input) {
    return em.transaction(async (tx) => {
      const before = await findLink(tx, id);
      await tx.update(CampaignQuestionGroupEntity, { id }, { weight: input.weight });
      const link = await findLink(tx, id);
      await refreshCampaignStandings(tx, link.campaignId);
      const campaign = await findCampaign(tx, link.campaignId);
      const summary = `Cambió el peso de la trivia ${quoted(link.questionGroup.name)} en la campaña ${quoted(campaign.name)}`;
      await recordCampaign(tx, actor, campaign, 'changed', summary, { peso: [before.weight, link.weight] });
      return link;
    });
  }
  const { campaignId } = await findLink(em, id);
  return em.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    const ids = (await orderedLinks(tx, campaignId)).map((link) => link.id);
    const index = ids.indexOf(id);
    if (index < 0) throw missing('campaignLink');
    const target = moveTarget(index, { position: input.order });
    await writeOrder(tx, moved(ids, index, target));
    const link = await findLink(tx, id);
    await recordCampaign(tx, actor, campaign, 'changed', `Cambió el orden de las trivias de la campaña ${quoted(campaign.name)}`, { [`posición de ${link.questionGroup.name}`]: [index + 1, target + 1] });
    return link;
  });
}

/** Removes a trivia from the campaign; the rest are renumbered 1..n under the campaign's lock. */
export function unlinkQuestionGroup(em: EntityManager, campaignId: number, questionGroupId: number, actor: Actor): Promise<void> {
  return em.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    const result = await tx.delete(CampaignQuestionGroupEntity, { campaignId, questionGroupId });
    if (!result.affected) throw missing('campaignLink');
    await recordCampaign(tx, actor, campaign, 'changed', `Quitó la trivia ${questionGroupId} de la campaña ${quoted(campaign.name)}`, { trivias: [String(questionGroupId), null] });
    await writeOrder(tx, (await orderedLinks(tx, campaignId)).map((link) => link.id));
    await refreshCampaignStandings(tx, campaignId);
  });
}
