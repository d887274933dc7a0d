import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moderation of the rankings: an admin's disqualification of an attempt (attempt_id) or of a
 * player at a trivia (attempt_id null), with who, when and why, and its restoration (restored_*).
 * A row with no restored_at holds: `rankedAttempt` leaves its attempts out of every ranking. At
 * most one holding row per attempt, and per player and trivia.
 */
export class RankingDisqualifications1795810000000 implements MigrationInterface {
  name = 'RankingDisqualifications1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "ranking_disqualifications" ("id" SERIAL NOT NULL, "question_group_id" integer NOT NULL, "player_id" integer NOT NULL, "attempt_id" integer, "reason" character varying(500) NOT NULL, "disqualified_by" integer, "disqualified_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "restored_at" TIMESTAMP WITH TIME ZONE, "restored_by" integer, "restore_reason" character varying(500), CONSTRAINT "PK_ranking_disqualifications" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "ranking_disqualifications_trivia_idx" ON "ranking_disqualifications" ("question_group_id", "id") `);
    await queryRunner.query(`CREATE INDEX "ranking_disqualifications_player_id_idx" ON "ranking_disqualifications" ("player_id") `);
    await queryRunner.query(`CREATE INDEX "ranking_disqualifications_attempt_id_idx" ON "ranking_disqualifications" ("attempt_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "ranking_disqualifications_holding_key" ON "ranking_disqualifications" ("question_group_id", "player_id", (coalesce("attempt_id", 0))) WHERE restored_at IS NULL`);
    await queryRunner.query(`ALTER TABLE "ranking_disqualifications" ADD CONSTRAINT "FK_ranking_disqualifications_question_group" FOREIGN KEY ("question_group_id") REFERENCES "question_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ranking_disqualifications" ADD CONSTRAINT "FK_ranking_disqualifications_player" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ranking_disqualifications" ADD CONSTRAINT "FK_ranking_disqualifications_attempt" FOREIGN KEY ("attempt_id") REFERENCES "player_attempts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ranking_disqualifications" ADD CONSTRAINT "FK_ranking_disqualifications_disqualified_by" FOREIGN KEY ("disqualified_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ranking_disqualifications" ADD CONSTRAINT "FK_ranking_disqualifications_restored_by" FOREIGN KEY ("restored_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ranking_disqualifications"`);
  }
}
