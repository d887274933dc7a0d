import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trivia ranking picks each player's best attempt (DISTINCT ON player_id in best-first order,
 * api/results/ranking/trivia-ranking.ts). This index holds exactly that order, so PostgreSQL reads it in
 * one pass instead of sorting every attempt of the trivia. TypeORM cannot declare DESC columns, so
 * the entity declares the index with `synchronize: false` and this migration owns its definition.
 */
export class TriviaRankingBestAttemptIndex1795309439915 implements MigrationInterface {
  name = 'TriviaRankingBestAttemptIndex1795309439915';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "player_attempts_best_idx" ON "player_attempts" ("question_group_id", "player_id", "score" DESC, "completion_time", "completed_at" DESC, "id" DESC) INCLUDE ("location_id", "correct_answers", "total_questions") WHERE completed_at IS NOT NULL AND over_limit = false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."player_attempts_best_idx"`);
  }
}
