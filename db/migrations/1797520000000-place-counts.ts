import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counts that give a completion its place in the whole trivia ranking (api/standings/standing-place.ts)
 * at a cost bounded by the distinct scores and times, not by the ranking's size:
 * - trivia_score_counts: the whole-trivia standings (site 0) per trivia and score;
 * - trivia_score_time_counts: the same per trivia, score and time (`time_key`: the time in whole
 *   seconds, or SLOWEST for a result without one, as the ranking's order counts it).
 * A score is a rounded percentage (at most 101 values) and a time a whole second, so the place is a
 * sum over at most 101 score rows, a sum over the times of one score, and a count of the standings
 * tied on both.
 *
 * Both are logs of signed deltas that one statement trigger on trivia_standings appends (every
 * insert, update and delete of a site-0 row, whichever path made it), as the standings' other
 * count logs do (db/migrations/1796000000000-standing-page-figures.ts), so no completion waits on
 * another's counter. A statement that touched a few keys also folds each key's rows into one when
 * it gets the key's advisory lock (tried, never waited for; a key's rows are only ever deleted
 * under its lock), so the log holds about one row per key.
 */
const SLOWEST = 2_147_483_647;
/** The advisory lock class of the keys' folds (two-key form: class, hash of the key). */
const FOLD_LOCK = 1_797_520_001;
/** A statement that changed more keys than this (a recomputed trivia, a restore) appends without folding. */
const FOLD_KEYS = 8;

/**
 * Appends the function's changes (its arrays) to `table`, netted per key of `table`, and folds the
 * keys whose lock it gets: their rows deleted and summed with the change into one.
 */
const logStatement = (table: string, keys: string[]) => {
  const keyList = keys.join(', ');
  const join = keys.map((key) => `c.${key} = m.${key}`).join(' AND ');
  return `
    WITH net AS (
      SELECT ${keyList}, sum(delta)::int AS delta FROM unnest(trivias, scores, times, deltas) AS c(question_group_id, score, time_key, delta)
       GROUP BY ${keyList} HAVING sum(delta) <> 0
    ),
    mine AS MATERIALIZED (
      SELECT ${keyList} FROM net
       WHERE (SELECT count(*) FROM net) <= ${FOLD_KEYS} AND pg_try_advisory_xact_lock(${FOLD_LOCK}, hashtext(concat_ws(':', '${table}', ${keyList})))
    ),
    gone AS (DELETE FROM "${table}" c USING mine m WHERE ${join} RETURNING ${keys.map((key) => `c.${key}`).join(', ')}, c.delta)
    INSERT INTO "${table}" (${keyList}, delta)
    SELECT ${keyList}, sum(delta) FROM (SELECT ${keyList}, delta FROM net UNION ALL SELECT ${keyList}, delta FROM gone) d
     GROUP BY ${keyList} HAVING sum(delta) <> 0;`;
};

/** Logs one statement's changes (parallel arrays: trivia, score, time key, delta) in both logs. */
const LOG_FUNCTION = `
  CREATE FUNCTION "trivia_score_log"(trivias integer[], scores integer[], times integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN${logStatement('trivia_score_counts', ['question_group_id', 'score'])}${logStatement('trivia_score_time_counts', ['question_group_id', 'score', 'time_key'])}
  END $$;`;

/** Net changes of one statement, per trivia, score and time, as arrays; $rows the transition table(s). */
const changes = (rows: string) => `
      SELECT array_agg(question_group_id), array_agg(score), array_agg(time_key), array_agg(delta) INTO q, s, t, d
        FROM (SELECT question_group_id, score, coalesce(completion_time, ${SLOWEST}) AS time_key, sum(delta)::int AS delta
                FROM (${rows}) r WHERE site_id = 0
               GROUP BY 1, 2, 3 HAVING sum(delta) <> 0) n;`;

const TRIGGER_FUNCTION = `
  CREATE FUNCTION "trivia_standings_scored"() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE q integer[]; s integer[]; t integer[]; d integer[];
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM "trivia_score_counts";
      DELETE FROM "trivia_score_time_counts";
      RETURN NULL;
    ELSIF TG_OP = 'INSERT' THEN${changes('SELECT question_group_id, site_id, score, completion_time, 1 AS delta FROM new_rows')}
    ELSIF TG_OP = 'DELETE' THEN${changes('SELECT question_group_id, site_id, score, completion_time, -1 AS delta FROM old_rows')}
    ELSE${changes('SELECT question_group_id, site_id, score, completion_time, 1 AS delta FROM new_rows UNION ALL SELECT question_group_id, site_id, score, completion_time, -1 FROM old_rows')}
    END IF;
    IF q IS NOT NULL THEN
      PERFORM "trivia_score_log"(q, s, t, d);
    END IF;
    RETURN NULL;
  END $$;`;

export class PlaceCounts1797520000000 implements MigrationInterface {
  name = 'PlaceCounts1797520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "trivia_score_counts" ("question_group_id" integer NOT NULL, "score" integer NOT NULL, "delta" integer NOT NULL)`);
    await queryRunner.query(`CREATE INDEX "trivia_score_counts_key_idx" ON "trivia_score_counts" ("question_group_id", "score")`);
    await queryRunner.query(
      `CREATE TABLE "trivia_score_time_counts" ("question_group_id" integer NOT NULL, "score" integer NOT NULL, "time_key" integer NOT NULL, "delta" integer NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "trivia_score_time_counts_key_idx" ON "trivia_score_time_counts" ("question_group_id", "score", "time_key")`);
    await queryRunner.query(`
      INSERT INTO "trivia_score_counts" ("question_group_id", "score", "delta")
      SELECT question_group_id, score, count(*) FROM trivia_standings WHERE site_id = 0 GROUP BY 1, 2`);
    await queryRunner.query(`
      INSERT INTO "trivia_score_time_counts" ("question_group_id", "score", "time_key", "delta")
      SELECT question_group_id, score, coalesce(completion_time, ${SLOWEST}), count(*) FROM trivia_standings WHERE site_id = 0 GROUP BY 1, 2, 3`);
    await queryRunner.query(LOG_FUNCTION);
    await queryRunner.query(TRIGGER_FUNCTION);
    for (const [event, referencing] of [
      ['insert', 'REFERENCING NEW TABLE AS new_rows'],
      ['update', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['delete', 'REFERENCING OLD TABLE AS old_rows'],
      ['truncate', ''],
    ] as const) {
      await queryRunner.query(
        `CREATE TRIGGER "trivia_standings_scored_${event}" AFTER ${event.toUpperCase()} ON "trivia_standings" ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION "trivia_standings_scored"()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete', 'truncate']) await queryRunner.query(`DROP TRIGGER "trivia_standings_scored_${event}" ON "trivia_standings"`);
    await queryRunner.query(`DROP FUNCTION "trivia_standings_scored"()`);
    await queryRunner.query(`DROP FUNCTION "trivia_score_log"(integer[], integer[], integer[], integer[])`);
    await queryRunner.query(`DROP TABLE "trivia_score_time_counts"`);
    await queryRunner.query(`DROP TABLE "trivia_score_counts"`);
  }
}
