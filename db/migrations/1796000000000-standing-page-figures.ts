import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a ranking page shows, kept in the standings so the first page of an unfiltered or per-site
 * ranking reads nothing but the standings (and the players' names by primary key):
 * - trivia_standings: the best attempt's correct answers, round size and site;
 * - campaign_standings: the selected correct answers, the site of the last counted attempt, and per
 *   trivia the selected score (two decimals) and the counted attempts;
 * - each ranking's row count (its total), kept as a log of signed deltas per ranking and site that
 *   statement triggers on the standings append (no row is shared by two completions, so nothing
 *   waits on a counter) and fold into one row now and then, as readers do;
 * - the trivia order index carries the player, so a first page's order is an index-only scan.
 *
 * The backfill below is a frozen copy of api/standings/refresh.ts's statements as they were when
 * this migration was written (a migration must not change when the application does).
 */
const RANKED = `a.completed_at IS NOT NULL AND a.review_status IN ('clean', 'released')
  AND NOT EXISTS (SELECT 1 FROM ranking_disqualifications d WHERE d.question_group_id = a.question_group_id AND d.player_id = a.player_id AND d.restored_at IS NULL AND (d.attempt_id IS NULL OR d.attempt_id = a.id))`;
const SITES = `CROSS JOIN LATERAL (VALUES (0), (a.location_id)) AS s(site_id)`;
const SLOWEST = 2_147_483_647;

const NUMBERED = `
    SELECT s.site_id, a.question_group_id, a.player_id, a.id, a.score, a.completion_time, a.correct_answers, a.location_id,
           (date_part('epoch', a.completed_at) * 1000)::bigint AS completed_ms,
           row_number() OVER (PARTITION BY s.site_id, a.question_group_id, a.player_id ORDER BY a.completed_at, a.id) AS n
      FROM player_attempts a ${SITES}
     WHERE a.question_group_id = ANY($2::int[]) AND ${RANKED} AND s.site_id IS NOT NULL
       AND a.completed_at >= $4 AND a.completed_at < $5`;

const LAST_PLAYED = `max(ARRAY[completed_ms, id, coalesce(location_id, 0)]) AS last_played`;

const chooseOne = (key: string[]) => `
  SELECT site_id, question_group_id, player_id, attempts, last_played,
         pick[${key.length + 1}] AS score, pick[${key.length + 2}] AS completion_time, pick[${key.length + 3}] AS correct_answers
    FROM (SELECT site_id, question_group_id, player_id, count(*) AS attempts,
                 max(ARRAY[${key.join(', ')}, score, completion_time, correct_answers]::bigint[]) AS pick, ${LAST_PLAYED}
            FROM (${NUMBERED}) numbered WHERE n <= $6 GROUP BY site_id, question_group_id, player_id) chosen`;

const PER_TRIVIA: Record<string, string> = {
  best: chooseOne(['score', `-coalesce(completion_time, ${SLOWEST})`, 'completed_ms', 'id']),
  first: chooseOne(['-n']),
  last: chooseOne(['n']),
  average: `
  SELECT site_id, question_group_id, player_id, count(*) AS attempts, ${LAST_PLAYED},
         avg(score) AS score, avg(completion_time) AS completion_time, round(avg(correct_answers)) AS correct_answers
    FROM (${NUMBERED}) numbered WHERE n <= $6 GROUP BY site_id, question_group_id, player_id`,
};

const backfillCampaign = (mode: string) => `
  WITH weights AS (SELECT * FROM unnest($2::int[], $3::int[]) AS w(question_group_id, weight))
  INSERT INTO campaign_standings (campaign_id, site_id, player_id, total_score, average_completion_time,
                                  total_correct_answers, location_id, best_scores, attempts_count)
  SELECT $1, t.site_id, t.player_id, sum(t.score * w.weight), avg(t.completion_time),
         sum(t.correct_answers), nullif((max(t.last_played))[3], 0),
         jsonb_object_agg(t.question_group_id, round(t.score::numeric, 2)), jsonb_object_agg(t.question_group_id, t.attempts)
    FROM (${PER_TRIVIA[mode] ?? PER_TRIVIA.best}) t JOIN weights w USING (question_group_id)
   GROUP BY t.site_id, t.player_id`;

/** A campaign's period in the server's time zone: its first day's midnight to the midnight after its last. */
const localMidnight = (date: string, plusDays = 0) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays);
};

/**
 * The statement triggers that keep a standings table's count log: +n per ranking and site for
 * inserted rows, -n for deleted ones, emptied on TRUNCATE. One statement in 16 (at random) also
 * folds the rankings it touched into one row each, so the log stays small for rankings nobody
 * reads; one folder per ranking at a time (an advisory lock to the end of the transaction, tried,
 * never waited for), which readers take too (api/results/ranking/standing-totals.ts).
 */
const countTriggers = (standings: string, counts: string, key: string, lockClass: number) => {
  const logAndFold = (rows: string, sign: string) => `
      INSERT INTO "${counts}" ("${key}", "site_id", "delta") SELECT "${key}", "site_id", ${sign}count(*) FROM ${rows} GROUP BY 1, 2;
      IF random() < 1.0 / 16 THEN
        WITH touched AS (SELECT DISTINCT "${key}" AS ranking, "site_id" AS site FROM ${rows}),
             mine AS (SELECT ranking, site FROM touched WHERE pg_try_advisory_xact_lock(${lockClass}, ranking)),
             gone AS (DELETE FROM "${counts}" c USING mine WHERE c."${key}" = mine.ranking AND c."site_id" = mine.site RETURNING c."${key}" AS ranking, c."site_id" AS site, c."delta")
        INSERT INTO "${counts}" ("${key}", "site_id", "delta") SELECT ranking, site, sum(delta) FROM gone GROUP BY 1, 2 HAVING sum(delta) <> 0;
      END IF;`;
  return `
  CREATE FUNCTION "${standings}_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN${logAndFold('new_rows', '')}
    ELSIF TG_OP = 'DELETE' THEN${logAndFold('old_rows', '-')}
    ELSE
      DELETE FROM "${counts}";
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER "${standings}_counted_insert" AFTER INSERT ON "${standings}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "${standings}_counted"();
  CREATE TRIGGER "${standings}_counted_delete" AFTER DELETE ON "${standings}" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "${standings}_counted"();
  CREATE TRIGGER "${standings}_counted_truncate" AFTER TRUNCATE ON "${standings}" FOR EACH STATEMENT EXECUTE FUNCTION "${standings}_counted"();`;
};

export class StandingPageFigures1796000000000 implements MigrationInterface {
  name = 'StandingPageFigures1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "trivia_standings" ADD "correct_answers" integer NOT NULL DEFAULT 0, ADD "total_questions" integer NOT NULL DEFAULT 0, ADD "location_id" integer`);
    await queryRunner.query(`
      UPDATE trivia_standings s SET correct_answers = a.correct_answers, total_questions = a.total_questions, location_id = a.location_id
        FROM player_attempts a WHERE a.id = s.attempt_id`);
    await queryRunner.query(`ALTER TABLE "trivia_standings" ALTER COLUMN "correct_answers" DROP DEFAULT, ALTER COLUMN "total_questions" DROP DEFAULT`);

    await queryRunner.query(
      `ALTER TABLE "campaign_standings" ADD "total_correct_answers" integer NOT NULL DEFAULT 0, ADD "location_id" integer, ADD "best_scores" jsonb NOT NULL DEFAULT '{}', ADD "attempts_count" jsonb NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(`DELETE FROM campaign_standings`);
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
    await queryRunner.query(
      `ALTER TABLE "campaign_standings" ALTER COLUMN "total_correct_answers" DROP DEFAULT, ALTER COLUMN "best_scores" DROP DEFAULT, ALTER COLUMN "attempts_count" DROP DEFAULT`,
    );

    // The trivia order index also carries the player: a page reads the standings by player, so
    // the order's first rows are an index-only scan.
    await queryRunner.query(`DROP INDEX "trivia_standings_order_idx"`);
    await queryRunner.query(
      `CREATE INDEX "trivia_standings_order_idx" ON "trivia_standings" ("question_group_id", "site_id", "score" DESC, "completion_time", "completed_at" DESC, "attempt_id" DESC) INCLUDE ("player_id")`,
    );

    // Lock classes: the same numbers as api/results/ranking/standing-totals.ts.
    for (const [standings, counts, key, lockClass] of [
      ['trivia_standings', 'trivia_standing_counts', 'question_group_id', 1_796_000_001],
      ['campaign_standings', 'campaign_standing_counts', 'campaign_id', 1_796_000_002],
    ] as const) {
      await queryRunner.query(`CREATE TABLE "${counts}" ("${key}" integer NOT NULL, "site_id" integer NOT NULL, "delta" integer NOT NULL)`);
      await queryRunner.query(`CREATE INDEX "${counts}_ranking_idx" ON "${counts}" ("${key}", "site_id")`);
      await queryRunner.query(`INSERT INTO "${counts}" ("${key}", "site_id", "delta") SELECT "${key}", "site_id", count(*) FROM "${standings}" GROUP BY 1, 2`);
      await queryRunner.query(countTriggers(standings, counts, key, lockClass));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [standings, counts] of [
      ['trivia_standings', 'trivia_standing_counts'],
      ['campaign_standings', 'campaign_standing_counts'],
    ] as const) {
      for (const event of ['insert', 'delete', 'truncate']) await queryRunner.query(`DROP TRIGGER "${standings}_counted_${event}" ON "${standings}"`);
      await queryRunner.query(`DROP FUNCTION "${standings}_counted"()`);
      await queryRunner.query(`DROP TABLE "${counts}"`);
    }
    await queryRunner.query(`DROP INDEX "trivia_standings_order_idx"`);
    await queryRunner.query(
      `CREATE INDEX "trivia_standings_order_idx" ON "trivia_standings" ("question_group_id", "site_id", "score" DESC, "completion_time", "completed_at" DESC, "attempt_id" DESC)`,
    );
    await queryRunner.query(`ALTER TABLE "campaign_standings" DROP COLUMN "attempts_count", DROP COLUMN "best_scores", DROP COLUMN "location_id", DROP COLUMN "total_correct_answers"`);
    await queryRunner.query(`ALTER TABLE "trivia_standings" DROP COLUMN "location_id", DROP COLUMN "total_questions", DROP COLUMN "correct_answers"`);
  }
}
