import { z } from 'zod';
import { idParam } from './common';

/**
 * Moderation of a trivia's ranking: an admin disqualifies one attempt, or the player (every
 * attempt of theirs at the trivia, those still to come included), with a reason, and may restore
 * it. A disqualified entry leaves the trivia's ranking and every campaign ranking holding the
 * trivia, the big screens and the exports; its attempts and the record stay.
 */
export const DISQUALIFICATION_SCOPES = ['attempt', 'player'] as const;
export type DisqualificationScope = (typeof DISQUALIFICATION_SCOPES)[number];

export const DISQUALIFICATION_SCOPE_LABELS: Record<DisqualificationScope, string> = {
  attempt: 'Este resultado',
  player: 'El jugador en esta trivia',
};

const reason = z.string().trim().min(1, 'Escribe el motivo').max(500, 'El motivo admite hasta 500 caracteres');

/** POST /api/ranking-disqualifications (admin): the attempt a ranking row shows, and what to take out with it. */
export const disqualifySchema = z.object({
  attemptId: idParam,
  scope: z.enum(DISQUALIFICATION_SCOPES),
  reason,
});
export type DisqualifyInput = z.infer<typeof disqualifySchema>;

/** POST /api/ranking-disqualifications/{id}/restore (admin). */
export const restoreDisqualificationSchema = z.object({ reason });
export type RestoreDisqualificationInput = z.infer<typeof restoreDisqualificationSchema>;

/**
 * POST /api/campaigns/{id}/disqualifications (admin): a campaign ranking row's player, out of the
 * campaign's ranking by a player disqualification at each of its trivias, with one reason.
 */
export const campaignDisqualifySchema = z.object({ playerId: idParam, reason });
export type CampaignDisqualifyInput = z.infer<typeof campaignDisqualifySchema>;

/** GET /api/ranking-disqualifications (admin): a trivia's disqualifications, active and restored, newest first. */
export const disqualificationsQuery = z.object({ questionGroupId: idParam });

/** An admin as a moderation record names them (null once their account is gone). */
export interface ModeratorRef {
  id: number;
  name: string;
}

export interface Disqualification {
  id: number;
  questionGroupId: number;
  scope: DisqualificationScope;
  playerId: number;
  firstName: string;
  lastName: string;
  /** The attempt taken out (scope 'attempt'), with the result it had. */
  attempt: { id: number; score: number; completionTime: number | null; completedAt: string | null } | null;
  reason: string;
  disqualifiedBy: ModeratorRef | null;
  disqualifiedAt: string;
  /** Null while the disqualification holds. */
  restoredAt: string | null;
  restoredBy: ModeratorRef | null;
  restoreReason: string | null;
  /**
   * The campaign it was made from ("Descalificar" on the campaign ranking), null when made at the
   * trivia. Restoring it restores it at every trivia it covers.
   */
  campaign: { id: number; name: string } | null;
}

/**
 * One decision as a campaign's "Descalificados" lists it: a disqualification made at one of the
 * campaign's trivias, or one made from the campaign with every trivia it covers. `id` restores it
 * (POST /api/ranking-disqualifications/{id}/restore).
 */
export interface CampaignDisqualification extends Disqualification {
  trivias: { id: number; name: string }[];
}
