import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Standings: each player's place in the trivia and campaign rankings, kept as results arrive
 * (api/standings/refresh.ts writes them), so the first page of an unfiltered or per-site ranking
 * is a range read of an index in the ranking's order instead of a recomputation over every
 * attempt. Site 0 is the whole trivia or campaign; any other site id, the ranking as played there.
 *
 * The backfill below is a frozen copy of the module's statements as they were when this migration
 * was written (a migration must not change when the application does).
 */
const RANKED = `a.completed_at IS NOT NULL AND a.review_status IN ('clean', 'released')`;
const SITES = `CROSS JOIN LATERAL (VALUES (0), (a.location_id)) AS s(site_id)`;
const SLOWEST = 2_147_483_647;

const BACKFILL_TRIVIAS = `
  INSERT INTO trivia_standings (question_group_id, site_id, player_id, attempt_id, score, completion_time, completed_at)
  SELECT DISTINCT ON (a.question_group_id, s.site_id, a.player_id)
         a.question_group_id, s.site_id, a.player_id, a.id, a.score, a.completion_time, a.completed_at
    FROM player_attempts a ${SITES}
   WHERE ${RANKED} AND s.site_id IS NOT NULL
   ORDER BY a.question_group_id, s.site_id, a.player_id, a.score DESC, a.completion_time, a.completed_at DESC, a.id DESC`;

const NUMBERED = `
    SELECT s.site_id, a.question_group_id, a.player_id, a.id, a.score, a.completion_time,
           (date_part('epoch', a.completed_at) * 1000)::bigint AS completed_ms,
           row_number() OVER (PARTITION BY s.site_id, a.question_group_id, a.player_id ORDER BY a.completed_at, a.id) AS n
      FROM player_attempts a ${SITES}
     WHERE a.question_group_id = ANY($2::int[]) AND ${RANKED} AND s.site_id IS NOT NULL
       AND a.completed_at >= $4 AND a.completed_at < $5`;

const chooseOne = (key: string[]) => `
  SELECT site_id, question_group_id, player_id, pick[${key.length + 1}] AS score, pick[${key.length + 2}] AS completion_time
    FROM (SELECT site_id, question_group_id, player_id, max(ARRAY[${key.join(', ')}, score, completion_time]::bigint[]) AS pick
            FROM (${NUMBERED}) numbered WHERE n <= $6 GROUP BY site_id, question_group_id, player_id) chosen`;

const PER_TRIVIA: Record<string, string> = {
  best: chooseOne(['score', `-coalesce(completion_time, ${SLOWEST})`, 'completed_ms', 'id']),
  first: chooseOne(['-n']),
  last: chooseOne(['n']),
  average: `
  SELECT site_id, question_group_id, player_id, avg(score) AS score, avg(completion_time) AS completion_time
    FROM (${NUMBERED}) numbered WHERE n <= $6 GROUP BY site_id, question_group_id, player_id`,
};

const backfillCampaign = (mode: string) => `
  WITH weights AS (SELECT * FROM unnest($2::int[], $3::int[]) AS w(question_group_id, weight))
  INSERT INTO campaign_standings (campaign_id, site_id, player_id, total_score, average_completion_time)
  SELECT $1, t.site_id, t.player_id, sum(t.score * w.weight), avg(t.completion_time)
    FROM (${PER_TRIVIA[mode] ?? PER_TRIVIA.best}) t JOIN weights w USING (question_group_id)
   GROUP BY t.site_id, t.player_id`;

/** A campaign's period in the server's time zone: its first day's midnight to the midnight after its last. */
const localMidnight = (date: string, plusDays = 0) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays);
};

export class RankingStandings1795700000000 implements MigrationInterface {
  name = 'RankingStandings1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "trivia_standings" ("question_group_id" integer NOT NULL, "site_id" integer NOT NULL, "player_id" integer NOT NULL, "attempt_id" integer NOT NULL, "score" integer NOT NULL, "completion_time" integer, "completed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_trivia_standings" PRIMARY KEY ("question_group_id", "site_id", "player_id"))`);
    await queryRunner.query(`CREATE INDEX "trivia_standings_player_id_idx" ON "trivia_standings" ("player_id") `);
    await queryRunner.query(`ALTER TABLE "trivia_standings" ADD CONSTRAINT "FK_trivia_standings_question_group" FOREIGN KEY ("question_group_id") REFERENCES "question_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "trivia_standings" ADD CONSTRAINT "FK_trivia_standings_player" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE TABLE "campaign_standings" ("campaign_id" integer NOT NULL, "site_id" integer NOT NULL, "player_id" integer NOT NULL, "total_score" numeric NOT NULL, "average_completion_time" numeric, CONSTRAINT "PK_campaign_standings" PRIMARY KEY ("campaign_id", "site_id", "player_id"))`);
    await queryRunner.query(`CREATE INDEX "campaign_standings_player_id_idx" ON "campaign_standings" ("player_id") `);
    await queryRunner.query(`ALTER TABLE "campaign_standings" ADD CONSTRAINT "FK_campaign_standings_campaign" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "campaign_standings" ADD CONSTRAINT "FK_campaign_standings_player" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);

    await queryRunner.query(BACKFILL_TRIVIAS);
    const campaigns: { id: number; start_date: string; end_date: string; max_attempts_per_trivia: number; attempt_selection_mode: string; trivia_ids: number[]; weights: number[] }[] =
      await queryRunner.query(`
        SELECT c.id, c.start_date::text AS start_date, c.end_date::text AS end_date, c.max_attempts_per_trivia, c.attempt_selection_mode,
               array_agg(l.question_group_id ORDER BY l.id) AS trivia_ids, array_agg(l.weight ORDER BY l.id) AS weights
          FROM campaigns c JOIN campaign_question_groups l ON l.campaign_id = c.id
         GROUP BY c.id ORDER BY c.id`);
    for (const c of campaigns) {
      await queryRunner.query(backfillCampaign(c.attempt_selection_mode), [
        c.id,
        c.trivia_ids,
        c.weights,
        localMidnight(c.start_date),
        localMidnight(c.end_date, 1),
        c.max_attempts_per_trivia,
      ]);
    }

    // Built after the backfill: one sort each instead of an index insertion per row.
    await queryRunner.query(`CREATE INDEX "trivia_standings_order_idx" ON "trivia_standings" ("question_group_id", "site_id", "score" DESC, "completion_time", "completed_at" DESC, "attempt_id" DESC)`);
    await queryRunner.query(`CREATE INDEX "campaign_standings_order_idx" ON "campaign_standings" ("campaign_id", "site_id", "total_score" DESC, "average_completion_time", "player_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "campaign_standings"`);
    await queryRunner.query(`DROP TABLE "trivia_standings"`);
  }
}
