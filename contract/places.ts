/**
 * A player's place in a campaign, as the result screen shows it. Free of zod, so the player build
 * imports it.
 */

/** How far a campaign place is counted (the count is a walk of the ranking's index up to the player): past it the screen says the player is beyond it. */
export const CAMPAIGN_PLACE_COUNTED = 1000;

/** A player's place in a campaign's ranking (every site, as its public ranking orders it). */
export interface CampaignPlace {
  campaignId: number;
  name: string;
  /** Absent past the first CAMPAIGN_PLACE_COUNTED places. */
  place?: number;
}
