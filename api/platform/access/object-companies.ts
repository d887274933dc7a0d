import type { EntityManager } from 'typeorm';
import type { ObjectKind } from './not-found';

/**
 * The companies an object belongs to, read by the route guards (./route-access.ts): one owner of
 * "whose is this". Each query returns one `company_id` per row: none when the object does not
 * exist; one for content, results and draws; for a player, every company whose trivias they
 * played, and the company of their registration site.
 */
const COMPANY_OF: Record<ObjectKind, string> = {
  company: `SELECT id AS company_id FROM companies WHERE id = $1`,
  location: `SELECT company_id FROM locations WHERE id = $1`,
  group: `SELECT company_id FROM question_groups WHERE id = $1`,
  question: `SELECT g.company_id FROM questions q JOIN question_groups g ON g.id = q.group_id WHERE q.id = $1`,
  campaign: `SELECT company_id FROM campaigns WHERE id = $1`,
  campaignLink: `SELECT c.company_id FROM campaign_question_groups l JOIN campaigns c ON c.id = l.campaign_id WHERE l.id = $1`,
  attempt: `SELECT g.company_id FROM player_attempts a JOIN question_groups g ON g.id = a.question_group_id WHERE a.id = $1`,
  disqualification: `SELECT g.company_id FROM ranking_disqualifications d JOIN question_groups g ON g.id = d.question_group_id WHERE d.id = $1`,
  nameChange: `SELECT DISTINCT company_id FROM (
      SELECT g.company_id FROM player_name_changes n JOIN player_attempts a ON a.player_id = n.player_id JOIN question_groups g ON g.id = a.question_group_id WHERE n.id = $1
      UNION ALL SELECT l.company_id FROM player_name_changes n JOIN players p ON p.id = n.player_id JOIN locations l ON l.id = p.location_id WHERE n.id = $1
      UNION ALL SELECT NULL FROM player_name_changes n WHERE n.id = $1) AS reach`,
  player: `SELECT DISTINCT company_id FROM (
      SELECT g.company_id FROM player_attempts a JOIN question_groups g ON g.id = a.question_group_id WHERE a.player_id = $1
      UNION ALL SELECT l.company_id FROM players p JOIN locations l ON l.id = p.location_id WHERE p.id = $1
      UNION ALL SELECT NULL FROM players p WHERE p.id = $1) AS reach`,
  draw: `SELECT COALESCE(g.company_id, c.company_id) AS company_id FROM prize_draws d
      LEFT JOIN question_groups g ON g.id = d.question_group_id LEFT JOIN campaigns c ON c.id = d.campaign_id WHERE d.id = $1`,
};

/**
 * The companies an object belongs to, or null when it does not exist. A player (or a name change
 * of one) that exists but touches no company yet has an empty list: only an owner reaches them.
 */
export async function companiesOf(em: EntityManager, kind: ObjectKind, id: number): Promise<number[] | null> {
  const rows: { company_id: number | null }[] = await em.query(COMPANY_OF[kind], [id]);
  if (rows.length === 0) return null;
  return rows.flatMap((row) => (row.company_id === null ? [] : [Number(row.company_id)]));
}

/**
 * The lists' side of the same rule, as SQL predicates over a list's own rows. `companies` is the
 * placeholder of an int[] parameter (the companies where the user may do the list's action).
 * A player has data in a company when they played one of its trivias or registered at one of its
 * sites (as `player` above); a kiosk belongs to the company of the trivia it is set up for, and a
 * phone (a device never set up as a kiosk) to the companies whose trivias it played.
 */
export const IN_SCOPE = {
  /** The player (an id column) has data in at least one of the companies. */
  playerTouches: (player: string, companies: string) => `(
      EXISTS (SELECT 1 FROM player_attempts sa JOIN question_groups sg ON sg.id = sa.question_group_id WHERE sa.player_id = ${player} AND sg.company_id = ANY(${companies}))
      OR EXISTS (SELECT 1 FROM players sp JOIN locations sl ON sl.id = sp.location_id WHERE sp.id = ${player} AND sl.company_id = ANY(${companies})))`,
  /** The player has data in the companies and in no other: what a change to them (erasure, merge) needs. */
  playerWithin: (player: string, companies: string) => `(${IN_SCOPE.playerTouches(player, companies)}
      AND NOT EXISTS (SELECT 1 FROM player_attempts sa JOIN question_groups sg ON sg.id = sa.question_group_id WHERE sa.player_id = ${player} AND sg.company_id <> ALL(${companies}))
      AND NOT EXISTS (SELECT 1 FROM players sp JOIN locations sl ON sl.id = sp.location_id WHERE sp.id = ${player} AND sl.company_id <> ALL(${companies})))`,
  /** The device (a uuid column) is a kiosk set up for a trivia of the companies, or a phone that played one. */
  device: (device: string, companies: string) => `(
      EXISTS (SELECT 1 FROM devices sd JOIN question_groups sg ON sg.id = sd.kiosk_question_group_id
               WHERE sd.id = ${device} AND sd.kiosk_setup_at IS NOT NULL AND sg.company_id = ANY(${companies}))
      OR EXISTS (SELECT 1 FROM devices sd JOIN player_attempts sa ON sa.device_id = sd.id JOIN question_groups sg ON sg.id = sa.question_group_id
                  WHERE sd.id = ${device} AND sd.kiosk_setup_at IS NULL AND sg.company_id = ANY(${companies})))`,
} as const;
