import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A prize draw's eligible list moves from a jsonb array on the draw to a row per entry
 * (`prize_draw_entries`, keyed by draw and position), and the draw keeps its `eligible_count`.
 * PostgreSQL writes the rows from the eligibility query, so a draw over 200,000 players no longer
 * parses, serialises and stores its list on the API's event loop (1.4 s at that size). Existing
 * draws keep their lists, in their stored order.
 */
export class DrawEntries1796400000000 implements MigrationInterface {
  name = 'DrawEntries1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "prize_draw_entries" ("draw_id" integer NOT NULL, "position" integer NOT NULL, "player_id" integer NOT NULL, "attempt_id" integer NOT NULL, CONSTRAINT "PK_1a799d625d224d3d995a7a8f991" PRIMARY KEY ("draw_id", "position"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "prize_draw_entries" ADD CONSTRAINT "FK_11b7ca913a8c74e621570cd6666" FOREIGN KEY ("draw_id") REFERENCES "prize_draws"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO "prize_draw_entries" ("draw_id", "position", "player_id", "attempt_id")
       SELECT d.id, e.ord - 1, (e.entry->>'playerId')::int, (e.entry->>'attemptId')::int
         FROM "prize_draws" d CROSS JOIN LATERAL jsonb_array_elements(d.eligible) WITH ORDINALITY AS e(entry, ord)`,
    );
    await queryRunner.query(`ALTER TABLE "prize_draws" ADD "eligible_count" integer`);
    await queryRunner.query(`UPDATE "prize_draws" SET "eligible_count" = jsonb_array_length("eligible")`);
    await queryRunner.query(`ALTER TABLE "prize_draws" ALTER COLUMN "eligible_count" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "prize_draws" DROP COLUMN "eligible"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "prize_draws" ADD "eligible" jsonb`);
    await queryRunner.query(
      `UPDATE "prize_draws" d SET "eligible" = COALESCE((
         SELECT jsonb_agg(jsonb_build_object('playerId', e.player_id, 'attemptId', e.attempt_id) ORDER BY e.position)
           FROM "prize_draw_entries" e WHERE e.draw_id = d.id), '[]'::jsonb)`,
    );
    await queryRunner.query(`ALTER TABLE "prize_draws" ALTER COLUMN "eligible" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "prize_draws" DROP COLUMN "eligible_count"`);
    await queryRunner.query(`DROP TABLE "prize_draw_entries"`);
  }
}
