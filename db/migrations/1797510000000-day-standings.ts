import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The standings kept per day of the event's time zone, so a ranking or "Sedes y kioscos" filtered
 * by whole days reads them instead of every attempt (api/standings/refresh.ts owns every write;
 * the backfill below is a frozen copy of its statements as they were when this migration was
 * written, with each company's zone, or the server's):
 * - trivia_day_standings: each player's best counted attempt per trivia, site (0: every site) and
 *   day, with the columns of the trivia ranking's order; the best over a range of days is the
 *   first of the player's rows there in that order;
 * - trivia_day_players: the days each player had a counted round at a trivia in each scope ('s0'
 *   every site, 's<id>' a site, 's' no site, 'k<uuid>' a kiosk, 'k' no kiosk), each with the
 *   player's previous such day. The players of a range [d1, d2] are its rows whose previous day is
 *   before d1 (or none): one per player;
 * - trivia_day_player_counts: those rows counted per (trivia, scope, day, previous day), as a log
 *   of signed deltas that statement triggers append and fold now and then (as the standings'
 *   count logs, db/migrations/1796000000000-standing-page-figures.ts), so a range's players are a
 *   sum over a few hundred rows;
 * - campaign_day_standings: each player's campaign standing per site and day, the campaign as
 *   played that day (a ranking of one day).
 */
const COUNT_TRIGGER = `
  CREATE FUNCTION "trivia_day_players_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM "trivia_day_player_counts";
      RETURN NULL;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO "trivia_day_player_counts" ("question_group_id", "scope", "day", "previous_day", "delta")
      SELECT "question_group_id", "scope", "day", "previous_day", count(*) FROM new_rows GROUP BY 1, 2, 3, 4;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO "trivia_day_player_counts" ("question_group_id", "scope", "day", "previous_day", "delta")
      SELECT "question_group_id", "scope", "day", "previous_day", -count(*) FROM old_rows GROUP BY 1, 2, 3, 4;
    END IF;
    IF random() < 1.0 / 16 THEN
      PERFORM "trivia_day_player_fold"(t.question_group_id)
         FROM (SELECT DISTINCT "question_group_id" FROM ${'{rows}'}) t;
    END IF;
    RETURN NULL;
  END $$;`;

/** Folds a trivia's count log into one row per key, unless another transaction is folding it (the lock is tried, never waited for). */
const FOLD_FUNCTION = `
  CREATE FUNCTION "trivia_day_player_fold"(trivia integer) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    IF pg_try_advisory_xact_lock(1797510001, trivia) THEN
      WITH gone AS (DELETE FROM "trivia_day_player_counts" WHERE "question_group_id" = trivia RETURNING "scope", "day", "previous_day", "delta")
      INSERT INTO "trivia_day_player_counts" ("question_group_id", "scope", "day", "previous_day", "delta")
      SELECT trivia, "scope", "day", "previous_day", sum("delta") FROM gone GROUP BY 1, 2, 3, 4 HAVING sum("delta") <> 0;
    END IF;
  END $$;`;

const RANKED = `a.completed_at IS NOT NULL AND a.review_status IN ('clean', 'released')
  AND NOT EXISTS (SELECT 1 FROM ranking_disqualifications d WHERE d.question_group_id = a.question_group_id AND d.player_id = a.player_id AND d.restored_at IS NULL AND (d.attempt_id IS NULL OR d.attempt_id = a.id))`;
/** The counted attempts with their local day: $1 the server's zone, for companies that chose none. */
const COUNTED = `
  counted AS MATERIALIZED (
    SELECT a.question_group_id, a.player_id, a.id, a.score, a.completion_time, a.completed_at, a.location_id, a.kiosk_id,
           (a.completed_at AT TIME ZONE coalesce(co.time_zone, $1))::date AS day
      FROM player_attempts a JOIN question_groups g ON g.id = a.question_group_id JOIN companies co ON co.id = g.company_id
     WHERE ${RANKED}
  )`;
const SLOWEST = 2_147_483_647;
const NUMBERED = `
    SELECT s.site_id, d.day, a.question_group_id, a.player_id, a.id, a.score, a.completion_time, a.correct_answers, a.location_id,
           (date_part('epoch', a.completed_at) * 1000)::bigint AS completed_ms,
           row_number() OVER (PARTITION BY s.site_id, d.day, a.question_group_id, a.player_id ORDER BY a.completed_at, a.id) AS n
      FROM player_attempts a CROSS JOIN LATERAL (VALUES (0), (a.location_id)) AS s(site_id)
     CROSS JOIN LATERAL (VALUES ((a.completed_at AT TIME ZONE $7)::date)) AS d(day)
     WHERE a.question_group_id = ANY($2::int[]) AND ${RANKED} AND s.site_id IS NOT NULL
       AND a.completed_at >= ($4::date::timestamp AT TIME ZONE $7) AND a.completed_at < (($5::date + 1)::timestamp AT TIME ZONE $7)`;
const LAST_PLAYED = `max(ARRAY[completed_ms, id, coalesce(location_id, 0)]) AS last_played`;
const GROUP = 'site_id, day, question_group_id, player_id';
const chooseOne = (key: string[]) => `
  SELECT ${GROUP}, attempts, pick[${key.length + 4}:${key.length + 6}] AS last_played,
         pick[${key.length + 1}] AS score, pick[${key.length + 2}] AS completion_time, pick[${key.length + 3}] AS correct_answers
    FROM (SELECT ${GROUP}, count(*) AS attempts,
                 max(ARRAY[${key.join(', ')}, score, completion_time, correct_answers, completed_ms, id, coalesce(location_id, 0)]::bigint[]) AS pick
            FROM (${NUMBERED}) numbered WHERE n <= $6 GROUP BY ${GROUP}) chosen`;
const PER_TRIVIA: Record<string, string> = {
  best: chooseOne(['score', `-coalesce(completion_time, ${SLOWEST})`, 'completed_ms', 'id']),
  first: chooseOne(['-n']),
  last: chooseOne(['n']),
  average: `
  SELECT ${GROUP}, count(*) AS attempts, ${LAST_PLAYED},
         avg(score) AS score, avg(completion_time) AS completion_time, round(avg(correct_answers)) AS correct_answers
    FROM (${NUMBERED}) numbered WHERE n <= $6 GROUP BY ${GROUP}`,
};

async function backfill(queryRunner: QueryRunner) {
  const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  await queryRunner.query(
    `WITH ${COUNTED}
     INSERT INTO trivia_day_standings (question_group_id, player_id, site_id, day, attempt_id, score, completion_time, completed_at)
     SELECT DISTINCT ON (c.question_group_id, c.player_id, s.site_id, c.day) c.question_group_id, c.player_id, s.site_id, c.day, c.id, c.score, c.completion_time, c.completed_at
       FROM counted c CROSS JOIN LATERAL (VALUES (0), (c.location_id)) AS s(site_id)
      WHERE s.site_id IS NOT NULL
      ORDER BY c.question_group_id, c.player_id, s.site_id, c.day, c.score DESC, c.completion_time, c.completed_at DESC, c.id DESC`,
    [serverZone],
  );
  await queryRunner.query(
    `WITH ${COUNTED}
     INSERT INTO trivia_day_players (question_group_id, player_id, scope, day, previous_day)
     SELECT question_group_id, player_id, scope, day, lag(day) OVER (PARTITION BY question_group_id, player_id, scope ORDER BY day)
       FROM (SELECT DISTINCT c.question_group_id, c.player_id, k.scope, c.day FROM counted c
              CROSS JOIN LATERAL (VALUES ('s0'), ('s' || coalesce(c.location_id::text, '')), ('k' || coalesce(c.kiosk_id::text, ''))) AS k(scope)) d`,
    [serverZone],
  );
  const campaigns: { id: number; start_date: string; end_date: string; max_attempts_per_trivia: number; attempt_selection_mode: string; time_zone: string | null; trivia_ids: number[]; weights: number[] }[] =
    await queryRunner.query(`
      SELECT c.id, c.start_date::text AS start_date, c.end_date::text AS end_date, c.max_attempts_per_trivia, c.attempt_selection_mode, co.time_zone,
             array_agg(l.question_group_id ORDER BY l.id) AS trivia_ids, array_agg(l.weight ORDER BY l.id) AS weights
        FROM campaigns c JOIN companies co ON co.id = c.company_id JOIN campaign_question_groups l ON l.campaign_id = c.id
       GROUP BY c.id, co.time_zone ORDER BY c.id`);
  for (const c of campaigns) {
    const zone = c.time_zone ?? serverZone;
    await queryRunner.query(
      `WITH weights AS (SELECT * FROM unnest($2::int[], $3::int[]) AS w(question_group_id, weight))
       INSERT INTO campaign_day_standings (campaign_id, site_id, day, player_id, total_score, average_completion_time, total_correct_answers, location_id, best_scores, attempts_count)
       SELECT $1, t.site_id, t.day, t.player_id, sum(t.score * w.weight), avg(t.completion_time), sum(t.correct_answers), nullif((max(t.last_played))[3], 0),
              jsonb_object_agg(t.question_group_id, round(t.score::numeric, 2)), jsonb_object_agg(t.question_group_id, t.attempts)
         FROM (${PER_TRIVIA[c.attempt_selection_mode] ?? PER_TRIVIA.best}) t JOIN weights w USING (question_group_id)
        GROUP BY t.site_id, t.day, t.player_id`,
      [c.id, c.trivia_ids, c.weights, c.start_date, c.end_date, c.max_attempts_per_trivia, zone],
    );
  }
}

export class DayStandings1797510000000 implements MigrationInterface {
  name = 'DayStandings1797510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "trivia_day_standings" (
        "question_group_id" integer NOT NULL REFERENCES "question_groups"("id") ON DELETE CASCADE,
        "site_id" integer NOT NULL,
        "player_id" integer NOT NULL REFERENCES "players"("id") ON DELETE CASCADE,
        "day" date NOT NULL,
        "attempt_id" integer NOT NULL,
        "score" integer NOT NULL,
        "completion_time" integer,
        "completed_at" timestamptz NOT NULL,
        CONSTRAINT "PK_trivia_day_standings" PRIMARY KEY ("question_group_id", "player_id", "site_id", "day"))`);
    await queryRunner.query(`CREATE INDEX "trivia_day_standings_player_id_idx" ON "trivia_day_standings" ("player_id")`);
    await queryRunner.query(
      `CREATE INDEX "trivia_day_standings_order_idx" ON "trivia_day_standings" ("question_group_id", "site_id", "score" DESC, "completion_time", "completed_at" DESC, "attempt_id" DESC) INCLUDE ("player_id", "day")`,
    );

    await queryRunner.query(`
      CREATE TABLE "trivia_day_players" (
        "question_group_id" integer NOT NULL REFERENCES "question_groups"("id") ON DELETE CASCADE,
        "player_id" integer NOT NULL REFERENCES "players"("id") ON DELETE CASCADE,
        "scope" text NOT NULL,
        "day" date NOT NULL,
        "previous_day" date,
        CONSTRAINT "PK_trivia_day_players" PRIMARY KEY ("question_group_id", "player_id", "scope", "day"))`);
    await queryRunner.query(`CREATE INDEX "trivia_day_players_player_id_idx" ON "trivia_day_players" ("player_id")`);
    await queryRunner.query(`
      CREATE TABLE "trivia_day_player_counts" (
        "question_group_id" integer NOT NULL, "scope" text NOT NULL, "day" date NOT NULL, "previous_day" date, "delta" integer NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "trivia_day_player_counts_scope_idx" ON "trivia_day_player_counts" ("question_group_id", "scope", "day")`);
    await queryRunner.query(FOLD_FUNCTION);
    // One function per event: a trigger function's transition tables are named per trigger.
    await queryRunner.query(COUNT_TRIGGER.replace('{rows}', 'new_rows').replace('"trivia_day_players_counted"', '"trivia_day_players_counted_new"'));
    await queryRunner.query(COUNT_TRIGGER.replace('{rows}', 'old_rows').replace('"trivia_day_players_counted"', '"trivia_day_players_counted_old"'));
    await queryRunner.query(`
      CREATE TRIGGER "trivia_day_players_counted_insert" AFTER INSERT ON "trivia_day_players" REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION "trivia_day_players_counted_new"()`);
    await queryRunner.query(`
      CREATE TRIGGER "trivia_day_players_counted_update" AFTER UPDATE ON "trivia_day_players" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION "trivia_day_players_counted_new"()`);
    await queryRunner.query(`
      CREATE TRIGGER "trivia_day_players_counted_delete" AFTER DELETE ON "trivia_day_players" REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION "trivia_day_players_counted_old"()`);
    await queryRunner.query(`
      CREATE TRIGGER "trivia_day_players_counted_truncate" AFTER TRUNCATE ON "trivia_day_players"
        FOR EACH STATEMENT EXECUTE FUNCTION "trivia_day_players_counted_new"()`);

    await queryRunner.query(`
      CREATE TABLE "campaign_day_standings" (
        "campaign_id" integer NOT NULL REFERENCES "campaigns"("id") ON DELETE CASCADE,
        "site_id" integer NOT NULL,
        "day" date NOT NULL,
        "player_id" integer NOT NULL REFERENCES "players"("id") ON DELETE CASCADE,
        "total_score" numeric NOT NULL,
        "average_completion_time" numeric,
        "total_correct_answers" integer NOT NULL,
        "location_id" integer,
        "best_scores" jsonb NOT NULL,
        "attempts_count" jsonb NOT NULL,
        CONSTRAINT "PK_campaign_day_standings" PRIMARY KEY ("campaign_id", "player_id", "site_id", "day"))`);
    await queryRunner.query(`CREATE INDEX "campaign_day_standings_player_id_idx" ON "campaign_day_standings" ("player_id")`);
    await queryRunner.query(
      `CREATE INDEX "campaign_day_standings_order_idx" ON "campaign_day_standings" ("campaign_id", "site_id", "day", "total_score" DESC, "average_completion_time", "player_id")`,
    );
    await backfill(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "campaign_day_standings"`);
    await queryRunner.query(`DROP TABLE "trivia_day_players"`);
    await queryRunner.query(`DROP FUNCTION "trivia_day_players_counted_new"()`);
    await queryRunner.query(`DROP FUNCTION "trivia_day_players_counted_old"()`);
    await queryRunner.query(`DROP FUNCTION "trivia_day_player_fold"(integer)`);
    await queryRunner.query(`DROP TABLE "trivia_day_player_counts"`);
    await queryRunner.query(`DROP TABLE "trivia_day_standings"`);
  }
}
