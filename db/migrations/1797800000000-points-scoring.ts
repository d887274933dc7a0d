import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Points for speed (contract/points.ts):
 * - `question_groups.scoring`: `percent` (every trivia before) or `points`, which needs the
 *   trivia's clock per question (a check, so no write can leave a points trivia untimed);
 * - player_attempts_campaign_idx also holds `total_questions`: a campaign counts a points round as
 *   the percentage of the best round of its size (api/standings/campaign-selection.ts), and its
 *   reads stay index-only.
 */
const RANKED = `completed_at IS NOT NULL AND review_status IN ('clean', 'released')`;
const campaignIndex = (included: string) =>
  `CREATE INDEX "player_attempts_campaign_idx" ON "player_attempts" ("question_group_id", "player_id", "completed_at", "id") INCLUDE (${included}) WHERE ${RANKED}`;

export class PointsScoring1797800000000 implements MigrationInterface {
  name = 'PointsScoring1797800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "question_groups" ADD "scoring" varchar(10) NOT NULL DEFAULT 'percent'`);
    await queryRunner.query(`ALTER TABLE "question_groups" ADD CONSTRAINT "question_groups_scoring_check" CHECK (scoring IN ('percent', 'points'))`);
    await queryRunner.query(
      `ALTER TABLE "question_groups" ADD CONSTRAINT "question_groups_points_clock_check" CHECK (scoring = 'percent' OR question_seconds IS NOT NULL)`,
    );
    await queryRunner.query(`DROP INDEX "public"."player_attempts_campaign_idx"`);
    await queryRunner.query(campaignIndex(`"score", "correct_answers", "completion_time", "location_id", "total_questions"`));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."player_attempts_campaign_idx"`);
    await queryRunner.query(campaignIndex(`"score", "correct_answers", "completion_time", "location_id"`));
    await queryRunner.query(`ALTER TABLE "question_groups" DROP CONSTRAINT "question_groups_points_clock_check"`);
    await queryRunner.query(`ALTER TABLE "question_groups" DROP CONSTRAINT "question_groups_scoring_check"`);
    await queryRunner.query(`ALTER TABLE "question_groups" DROP COLUMN "scoring"`);
  }
}
