import type { CampaignDisqualification, Disqualification, ModeratorRef } from '../../../contract';
import type { CampaignDecision } from './campaign-service';
import type { DisqualificationRow } from './service';

const moderator = (id: number | null, name: string | null): ModeratorRef | null => (id === null ? null : { id, name: name ?? '' });

export function presentDisqualification(row: DisqualificationRow): Disqualification {
  return {
    id: row.id,
    questionGroupId: row.question_group_id,
    scope: row.attempt_id === null ? 'player' : 'attempt',
    playerId: row.player_id,
    firstName: row.first_name,
    lastName: row.last_name,
    attempt:
      row.attempt_id === null
        ? null
        : {
            id: row.attempt_id,
            score: row.attempt_score ?? 0,
            completionTime: row.attempt_completion_time,
            completedAt: row.attempt_completed_at?.toISOString() ?? null,
          },
    reason: row.reason,
    disqualifiedBy: moderator(row.disqualified_by, row.disqualifier_name),
    disqualifiedAt: row.disqualified_at.toISOString(),
    restoredAt: row.restored_at?.toISOString() ?? null,
    restoredBy: moderator(row.restored_by, row.restorer_name),
    restoreReason: row.restore_reason,
    campaign: row.campaign_id === null ? null : { id: row.campaign_id, name: row.campaign_name ?? '' },
  } satisfies Disqualification;
}

export function presentCampaignDecision(decision: CampaignDecision): CampaignDisqualification {
  return { ...presentDisqualification(decision.row), trivias: decision.trivias };
}
