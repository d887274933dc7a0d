import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A draw over the same entries is a repeat whatever its filters said: each draw keeps a SHA-256 of
 * its eligible list (`entries_hash`: `playerId:attemptId` lines ordered by player id then attempt
 * id, joined by newlines; the rule of api/results/draws/repeats.ts, copied here as it stood), filled in for
 * the draws already recorded from their stored entries, so a repeat of an old draw is marked too.
 * And `draw_screen_settings`: whether a trivia's or campaign's big screen lists the day's draws.
 */
export class DrawEntriesHash1796950000000 implements MigrationInterface {
  name = 'DrawEntriesHash1796950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "prize_draws" ADD "entries_hash" character varying(64)`);
    await queryRunner.query(
      `UPDATE "prize_draws" d SET "entries_hash" = encode(sha256(convert_to(COALESCE((
         SELECT string_agg(e.player_id || ':' || e.attempt_id, E'\\n' ORDER BY e.player_id, e.attempt_id)
           FROM "prize_draw_entries" e WHERE e.draw_id = d.id), ''), 'UTF8')), 'hex')`,
    );
    await queryRunner.query(`ALTER TABLE "prize_draws" ALTER COLUMN "entries_hash" SET NOT NULL`);

    await queryRunner.query(
      `CREATE TABLE "draw_screen_settings" ("id" SERIAL NOT NULL, "question_group_id" integer, "campaign_id" integer, "show_history" boolean NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "draw_screen_settings_one_subject" CHECK ((question_group_id IS NULL) <> (campaign_id IS NULL)), CONSTRAINT "PK_draw_screen_settings" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "draw_screen_settings_question_group_key" ON "draw_screen_settings" ("question_group_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "draw_screen_settings_campaign_key" ON "draw_screen_settings" ("campaign_id")`);
    await queryRunner.query(
      `ALTER TABLE "draw_screen_settings" ADD CONSTRAINT "FK_draw_screen_settings_question_group" FOREIGN KEY ("question_group_id") REFERENCES "question_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "draw_screen_settings" ADD CONSTRAINT "FK_draw_screen_settings_campaign" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "draw_screen_settings"`);
    await queryRunner.query(`ALTER TABLE "prize_draws" DROP COLUMN "entries_hash"`);
  }
}
