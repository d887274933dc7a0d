import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One rule for a player's site (docs/decisions.md, "A player's site"): a campaign row shows the
 * site of the attempt that placed the player, the most recent of the attempts the campaign's mode
 * selected ('average' selects every counted attempt), as the trivia ranking shows its best
 * attempt's. Until now a campaign row showed the player's most recent counted attempt, whichever
 * the mode selected, so one player could show at one site in a trivia ranking and at another in
 * the campaign ranking. This rewrites the stored sites of campaign_standings by the new rule; the
 * figures do not change.
 *
 * A frozen copy of api/standings/refresh.ts's selection as it is when this migration is written
 * (a migration must not change when the application does). `down()` leaves the sites as they are:
 * the next change of each player's standing writes them by whichever rule the code then has.
 */
const RANKED = `a.completed_at IS NOT NULL AND a.review_status IN ('clean', 'released')
  AND NOT EXISTS (SELECT 1 FROM ranking_disqualifications d WHERE d.question_group_id = a.question_group_id AND d.player_id = a.player_id AND d.restored_at IS NULL AND (d.attempt_id IS NULL OR d.attempt_id = a.id))`;
const SLOWEST = 2_147_483_647;

const NUMBERED = `
    SELECT s.site_id, a.question_group_id, a.player_id, a.id, a.score, a.completion_time, a.location_id,
           (date_part('epoch', a.completed_at) * 1000)::bigint AS completed_ms,
           row_number() OVER (PARTITION BY s.site_id, a.question_group_id, a.player_id ORDER BY a.completed_at, a.id) AS n
      FROM player_attempts a CROSS JOIN LATERAL (VALUES (0), (a.location_id)) AS s(site_id)
     WHERE a.question_group_id = ANY($2::int[]) AND ${RANKED} AND s.site_id IS NOT NULL
       AND a.completed_at >= $3 AND a.completed_at < $4`;

/** Per site, trivia and player, [completion, id, site] of the attempt selected by `key`. */
const chooseOne = (key: string[]) => `
  SELECT site_id, player_id, (max(ARRAY[${key.join(', ')}, completed_ms, id, coalesce(location_id, 0)]::bigint[]))[${key.length + 1}:${key.length + 3}] AS played
    FROM (${NUMBERED}) numbered WHERE n <= $5 GROUP BY site_id, question_group_id, player_id`;

const SELECTED: Record<string, string> = {
  best: chooseOne(['score', `-coalesce(completion_time, ${SLOWEST})`, 'completed_ms', 'id']),
  first: chooseOne(['-n']),
  last: chooseOne(['n']),
  average: `
  SELECT site_id, player_id, max(ARRAY[completed_ms, id, coalesce(location_id, 0)]) AS played
    FROM (${NUMBERED}) numbered WHERE n <= $5 GROUP BY site_id, question_group_id, player_id`,
};

const rewriteSites = (mode: string) => `
  UPDATE campaign_standings cs SET location_id = placed.location_id
    FROM (SELECT site_id, player_id, nullif((max(played))[3], 0)::int AS location_id
            FROM (${SELECTED[mode] ?? SELECTED.best}) t GROUP BY site_id, player_id) placed
   WHERE cs.campaign_id = $1 AND cs.site_id = placed.site_id AND cs.player_id = placed.player_id
     AND cs.location_id IS DISTINCT FROM placed.location_id`;

/** A campaign's period in the server's time zone: its first day's midnight to the midnight after its last. */
const localMidnight = (date: string, plusDays = 0) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays);
};

export class CampaignEntrySite1796510000000 implements MigrationInterface {
  name = 'CampaignEntrySite1796510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const campaigns: { id: number; start_date: string; end_date: string; max_attempts_per_trivia: number; attempt_selection_mode: string; trivia_ids: number[] }[] =
      await queryRunner.query(`
        SELECT c.id, c.start_date::text AS start_date, c.end_date::text AS end_date, c.max_attempts_per_trivia, c.attempt_selection_mode,
               array_agg(l.question_group_id ORDER BY l.id) AS trivia_ids
          FROM campaigns c JOIN campaign_question_groups l ON l.campaign_id = c.id
         GROUP BY c.id ORDER BY c.id`);
    for (const c of campaigns) {
      await queryRunner.query(rewriteSites(c.attempt_selection_mode), [
        c.id,
        c.trivia_ids,
        localMidnight(c.start_date),
        localMidnight(c.end_date, 1),
        c.max_attempts_per_trivia,
      ]);
    }
  }

  async down(): Promise<void> {
    // The sites stay as written: either rule reads them, and the next refresh of a standing rewrites it.
  }
}
