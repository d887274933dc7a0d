import type { Campaign, CampaignLink, PublicCampaign } from '../../../contract';
import type { CampaignEntity, CampaignQuestionGroupEntity } from '../../../db/entities';

export function presentCampaign(campaign: CampaignEntity): Campaign {
  return {
    id: campaign.id,
    name: campaign.name,
    description: campaign.description,
    companyId: campaign.companyId,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    maxAttemptsPerTrivia: campaign.maxAttemptsPerTrivia,
    attemptSelectionMode: campaign.attemptSelectionMode,
    publicNames: campaign.publicNames ?? 'full',
    createdAt: campaign.createdAt.toISOString(),
  } satisfies Campaign;
}

/** What anyone may see of a campaign: enough to title its public ranking. */
export function presentPublicCampaign(campaign: CampaignEntity): PublicCampaign {
  return {
    id: campaign.id,
    name: campaign.name,
    description: campaign.description,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    companyId: campaign.companyId,
  } satisfies PublicCampaign;
}

export function presentLink(link: CampaignQuestionGroupEntity): CampaignLink {
  const group = link.questionGroup;
  return {
    id: link.id,
    campaignId: link.campaignId,
    questionGroupId: link.questionGroupId,
    weight: link.weight,
    order: link.order,
    questionGroup: { id: group.id, name: group.name, description: group.description },
  } satisfies CampaignLink;
}
