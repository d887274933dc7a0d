import type { EntityManager } from 'typeorm';
import type { ReviewReason } from '../../../contract';
import type { FairPlayLimits } from '../../platform/config';
import { lockAddress, tooManyFromAddress } from './address-limit';
import { playsAsKiosk, rankedRoundsAround, type RoundDevice } from './device-rounds';
import { tooManyPlayersInAnHour } from './players-per-phone';

/** Where a new round comes from, as the crowd limits see it: online and synced alike. */
export interface RoundSource {
  device: RoundDevice;
  /** The request's address, keyed (address-limit.ts). */
  addressKey: string;
  fairPlay: FairPlayLimits;
}

/**
 * Whether the crowd limits apply to a round of this trivia: to every device but a kiosk set up by
 * staff for it. When they do, the round's address is locked for the transaction (before the
 * player's row, as every round from it does) and its key is what the round stores.
 */
export async function crowdLimitsApply(em: EntityManager, source: RoundSource, questionGroupId: number): Promise<string | null> {
  if (playsAsKiosk(source.device, questionGroupId)) return null;
  await lockAddress(em, source.addressKey);
  return source.addressKey;
}

/**
 * The crowd limit a new round of `playerId` would break by ranking, or null: more distinct players
 * in an hour of its device's rounds than PHONE_PLAYERS_PER_HOUR (`too_many_players`), or more
 * new players ranked from its address in the last hour than ADDRESS_PLAYERS_PER_HOUR
 * (`address_limit`). Only for rounds crowdLimitsApply counts.
 */
export async function crowdLimitBroken(
  em: EntityManager,
  source: RoundSource,
  round: { playerId: number; startedAt: Date },
): Promise<Extract<ReviewReason, 'too_many_players' | 'address_limit'> | null> {
  const { device, addressKey, fairPlay } = source;
  const around = await rankedRoundsAround(em, { deviceId: device.id, playerId: round.playerId, startedAt: round.startedAt });
  if (tooManyPlayersInAnHour(around, round.startedAt.getTime(), fairPlay.phonePlayersPerHour)) return 'too_many_players';
  if (await tooManyFromAddress(em, { addressKey, playerId: round.playerId, limit: fairPlay.addressPlayersPerHour })) return 'address_limit';
  return null;
}
