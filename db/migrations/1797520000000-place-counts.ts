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
 * Both are logs of signed deltas that a row trigger on trivia_standings appends to (an inserted,
 * deleted or re-scored whole-trivia row, whichever path changed it), so no completion waits on
 * another's counter. One change in FOLD_EVERY also folds its trivia's keys that have more than
 * one row into one each, when it gets the trivia's advisory lock (tried, never waited for; rows are
 * only ever deleted under it), so the logs hold about one row per key. A deleted trivia's rows go
 * with it (TRIVIA_GONE).
 */
const SLOWEST = 2_147_483_647;
/** The advisory lock class of a trivia's fold (two-key form: class, trivia). */
const FOLD_LOCK = 1_797_520_001;
const FOLD_EVERY = 32;

/** Folds `table`'s keys (`keys`, after the trivia) of trivia `trivia` that have more than one row. */
const foldStatement = (table: string, keys: string[]) => {
  const keyList = keys.join(', ');
  const join = keys.map((key) => `c.${key} = d.${key}`).join(' AND ');
  return `
    WITH doubled AS (SELECT ${keyList} FROM "${table}" WHERE question_group_id = trivia GROUP BY ${keyList} HAVING count(*) > 1),
    gone AS (DELETE FROM "${table}" c USING doubled d WHERE c.question_group_id = trivia AND ${join} RETURNING ${keys.map((key) => `c.${key}`).join(', ')}, c.delta)
    INSERT INTO "${table}" (question_group_id, ${keyList}, delta) SELECT trivia, ${keyList}, sum(delta) FROM gone GROUP BY ${keyList} HAVING sum(delta) <> 0;`;
};

const FOLD_FUNCTION = `
  CREATE FUNCTION "trivia_place_fold"(trivia integer) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN${foldStatement('trivia_score_counts', ['score'])}${foldStatement('trivia_score_time_counts', ['score', 'time_key'])}
  END $$;`;

/** Appends a whole-trivia standing's row (`row`: OLD or NEW) to both logs with `delta`. */
const logRow = (row: string, delta: number) => `
      INSERT INTO "trivia_score_counts" (question_group_id, score, delta) VALUES (${row}.question_group_id, ${row}.score, ${delta});
      INSERT INTO "trivia_score_time_counts" (question_group_id, score, time_key, delta)
      VALUES (${row}.question_group_id, ${row}.score, coalesce(${row}.completion_time, ${SLOWEST}), ${delta});`;

const TRIGGER_FUNCTION = `
  CREATE FUNCTION "trivia_standings_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE trivia integer;
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM "trivia_score_counts";
      DELETE FROM "trivia_score_time_counts";
      RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.site_id = 0 THEN${logRow('OLD', -1)}
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.site_id = 0 THEN${logRow('NEW', 1)}
    END IF;
    trivia := coalesce(NEW.question_group_id, OLD.question_group_id);
    IF random() < 1.0 / ${FOLD_EVERY} AND pg_try_advisory_xact_lock(${FOLD_LOCK}, trivia) THEN
      PERFORM "trivia_place_fold"(trivia);
    END IF;
    RETURN NULL;
  END $$;`;

/**
 * A deleted trivia's counts, deleted when its transaction commits: the foreign key's cascade
 * deletes its standings, whose row triggers append to the counts at the end of the deleting
 * statement, after any trigger of its own.
 */
const TRIVIA_GONE = `
  CREATE FUNCTION "trivia_place_counts_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM "trivia_score_counts" WHERE question_group_id = OLD.id;
    DELETE FROM "trivia_score_time_counts" WHERE question_group_id = OLD.id;
    RETURN NULL;
  END $$;
  CREATE CONSTRAINT TRIGGER "trivia_place_counts_gone" AFTER DELETE ON "question_groups" DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION "trivia_place_counts_gone"();`;

const TRIGGERS: [event: string, when: string][] = [
  ['insert', 'FOR EACH ROW WHEN (NEW.site_id = 0)'],
  ['update', 'FOR EACH ROW WHEN ((OLD.site_id = 0 OR NEW.site_id = 0) AND (OLD.site_id, OLD.score, OLD.completion_time) IS DISTINCT FROM (NEW.site_id, NEW.score, NEW.completion_time))'],
  ['delete', 'FOR EACH ROW WHEN (OLD.site_id = 0)'],
  ['truncate', 'FOR EACH STATEMENT'],
];

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
    await queryRunner.query(FOLD_FUNCTION);
    await queryRunner.query(TRIGGER_FUNCTION);
    for (const [event, when] of TRIGGERS) {
      await queryRunner.query(`CREATE TRIGGER "trivia_standings_placed_${event}" AFTER ${event.toUpperCase()} ON "trivia_standings" ${when} EXECUTE FUNCTION "trivia_standings_placed"()`);
    }
    await queryRunner.query(TRIVIA_GONE);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trivia_place_counts_gone" ON "question_groups"`);
    await queryRunner.query(`DROP FUNCTION "trivia_place_counts_gone"()`);
    for (const [event] of TRIGGERS) await queryRunner.query(`DROP TRIGGER "trivia_standings_placed_${event}" ON "trivia_standings"`);
    await queryRunner.query(`DROP FUNCTION "trivia_standings_placed"()`);
    await queryRunner.query(`DROP FUNCTION "trivia_place_fold"(integer)`);
    await queryRunner.query(`DROP TABLE "trivia_score_time_counts"`);
    await queryRunner.query(`DROP TABLE "trivia_score_counts"`);
  }
}
