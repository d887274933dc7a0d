import type { Campaign } from '../../../contract';
import { formatDate } from '../../lib/format';

/** "dd/MM/yyyy - dd/MM/yyyy", or 'No definida' when the campaign has no dates. */
export function campaignPeriod(campaign: Pick<Campaign, 'startDate' | 'endDate'>): string {
  if (!campaign.startDate && !campaign.endDate) return 'No definida';
  return `${formatDate(campaign.startDate)} - ${formatDate(campaign.endDate)}`;
}
