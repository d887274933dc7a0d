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
 * Both are kept by a row trigger on trivia_standings (an inserted, deleted or re-scored
 * whole-trivia row, whichever path changed it): each change of a key sums the key's rows that no
 * other transaction holds, with the change, into one row (`trivia_place_add`). Rows another
 * transaction holds (its own change, not yet committed) are left beside it and summed by a later
 * change, so no completion waits on another's counter, two never deadlock over a key, and a key
 * keeps about one row. A deleted trivia's rows go with it (TRIVIA_GONE).
 */
const SLOWEST = 2_147_483_647;

/** Sums `table`'s rows of one key that no other transaction holds, with `change`, into one row (none when it sums to 0). */
const addStatement = (table: string, keys: [column: string, value: string][]) => {
  const where = keys.map(([column, value]) => `${column} = ${value}`).join(' AND ');
  return `
    WITH gone AS (
      DELETE FROM "${table}" WHERE ctid IN (SELECT ctid FROM "${table}" WHERE question_group_id = trivia AND ${where} FOR UPDATE SKIP LOCKED)
      RETURNING delta
    )
    INSERT INTO "${table}" (question_group_id, ${keys.map(([column]) => column).join(', ')}, delta)
    SELECT trivia, ${keys.map(([, value]) => value).join(', ')}, total FROM (SELECT coalesce(sum(delta), 0) + change AS total FROM gone) summed WHERE total <> 0;`;
};

const ADD_FUNCTION = `
  CREATE FUNCTION "trivia_place_add"(trivia integer, key_score integer, key_time integer, change integer) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN${addStatement('trivia_score_counts', [['score', 'key_score']])}${addStatement('trivia_score_time_counts', [
    ['score', 'key_score'],
    ['time_key', 'key_time'],
  ])}
  END $$;`;

/** A whole-trivia standing's row (`row`: OLD or NEW) counted with `delta`. */
const countRow = (row: string, delta: number) => `
      PERFORM "trivia_place_add"(${row}.question_group_id, ${row}.score, coalesce(${row}.completion_time, ${SLOWEST}), ${delta});`;

const TRIGGER_FUNCTION = `
  CREATE FUNCTION "trivia_standings_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM "trivia_score_counts";
      DELETE FROM "trivia_score_time_counts";
      RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.site_id = 0 THEN${countRow('OLD', -1)}
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.site_id = 0 THEN${countRow('NEW', 1)}
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
    await queryRunner.query(ADD_FUNCTION);
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
    await queryRunner.query(`DROP FUNCTION "trivia_place_add"(integer, integer, integer, integer)`);
    await queryRunner.query(`DROP TABLE "trivia_score_time_counts"`);
    await queryRunner.query(`DROP TABLE "trivia_score_counts"`);
  }
}
