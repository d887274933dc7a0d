import type { MigrationInterface, QueryRunner } from 'typeorm';

const RANKED = `completed_at IS NOT NULL AND review_status IN ('clean', 'released')`;
const OVER_LIMIT_FALSE = `completed_at IS NOT NULL AND over_limit = false`;

/** The partial indexes of the rankings, with the predicate that says which attempts count. */
const rankingIndexes = (where: string) => [
  `CREATE INDEX "player_attempts_completed_idx" ON "player_attempts" ("question_group_id", "completed_at") WHERE ${where}`,
  `CREATE INDEX "player_attempts_ranking_idx" ON "player_attempts" ("question_group_id", "score", "completion_time", "completed_at") WHERE ${where}`,
  `CREATE INDEX "player_attempts_best_idx" ON "player_attempts" ("question_group_id", "player_id", "score" DESC, "completion_time", "completed_at" DESC, "id" DESC) INCLUDE ("location_id", "correct_answers", "total_questions") WHERE ${where}`,
  `CREATE INDEX "player_attempts_campaign_idx" ON "player_attempts" ("question_group_id", "player_id", "completed_at", "id") INCLUDE ("score", "correct_answers", "completion_time", "location_id") WHERE ${where}`,
];
const DROP_RANKING_INDEXES = ['completed', 'ranking', 'best', 'campaign'].map((name) => `DROP INDEX "public"."player_attempts_${name}_idx"`);

/**
 * One review state instead of the over_limit flag: an attempt is `clean`, `held` for a reason
 * (over_limit, round_mismatch, implausible_time), or an admin `released` or `discarded` it (who and
 * when are kept). Rankings count `clean` and `released` attempts only. Attempts flagged over_limit
 * stay held with that reason.
 */
export class AttemptReviewState1795400000000 implements MigrationInterface {
  name = 'AttemptReviewState1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "review_status" character varying(10) NOT NULL DEFAULT 'clean'`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "review_reason" character varying(20)`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "reviewed_by" integer`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "reviewed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "player_attempts" ADD CONSTRAINT "FK_46a00585e96bd2a8ca10e687bf9" FOREIGN KEY ("reviewed_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`UPDATE "player_attempts" SET "review_status" = 'held', "review_reason" = 'over_limit' WHERE "over_limit"`);
    for (const sql of DROP_RANKING_INDEXES) await queryRunner.query(sql);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "over_limit"`);
    for (const sql of rankingIndexes(RANKED)) await queryRunner.query(sql);
    await queryRunner.query(`CREATE INDEX "player_attempts_held_idx" ON "player_attempts" ("question_group_id", "id") WHERE review_status = 'held'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."player_attempts_held_idx"`);
    for (const sql of DROP_RANKING_INDEXES) await queryRunner.query(sql);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "over_limit" boolean NOT NULL DEFAULT false`);
    // Everything that does not count in the rankings (held or discarded) comes back flagged.
    await queryRunner.query(`UPDATE "player_attempts" SET "over_limit" = true WHERE "review_status" NOT IN ('clean', 'released')`);
    for (const sql of rankingIndexes(OVER_LIMIT_FALSE)) await queryRunner.query(sql);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP CONSTRAINT "FK_46a00585e96bd2a8ca10e687bf9"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "reviewed_at"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "reviewed_by"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "review_reason"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "review_status"`);
  }
}
