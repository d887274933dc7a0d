import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The place counts' row trigger (1797520000000-place-counts.ts) leaves alone the rows of the trivia
 * named by the transaction's `triviando.place_recount` setting: a statement that deletes or writes
 * many of one trivia's standings (its data cleared, the trivia deleted) would sum a key's rows once
 * per standing, and within one transaction a key's dead versions pile up, so such a statement was
 * quadratic in a key's rows. The code that sets it counts that trivia's standings again once
 * afterwards, or deletes them with the trivia (api/standings/place-recount.ts).
 */
const SLOWEST = 2_147_483_647;

const countRow = (row: string, delta: number) => `
      PERFORM "trivia_place_add"(${row}.question_group_id, ${row}.score, coalesce(${row}.completion_time, ${SLOWEST}), ${delta});`;

const triggerFunction = (guard: string) => `
  CREATE OR REPLACE FUNCTION "trivia_standings_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM "trivia_score_counts";
      DELETE FROM "trivia_score_time_counts";
      RETURN NULL;
    END IF;${guard}
    IF TG_OP <> 'INSERT' AND OLD.site_id = 0 THEN${countRow('OLD', -1)}
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.site_id = 0 THEN${countRow('NEW', 1)}
    END IF;
    RETURN NULL;
  END $$;`;

const GUARD = `
    IF current_setting('triviando.place_recount', true) = coalesce(NEW.question_group_id, OLD.question_group_id)::text THEN
      RETURN NULL;
    END IF;`;

export class PlaceRecount1797900000000 implements MigrationInterface {
  name = 'PlaceRecount1797900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(triggerFunction(GUARD));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(triggerFunction(''));
  }
}
