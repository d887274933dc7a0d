import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The campaign ranking numbers each player's attempts at a trivia in completion order (only the
 * first maxAttemptsPerTrivia count) and reduces them to one row per player and trivia
 * (api/results/ranking/campaign-ranking.ts). This index holds the attempts in exactly that order with every
 * column the ranking reads, so PostgreSQL answers from the index in one pass with no sort. TypeORM
 * cannot declare INCLUDE columns, so the entity declares the index with `synchronize: false` and
 * this migration owns its definition.
 */
export class CampaignRankingIndex1795330000000 implements MigrationInterface {
  name = 'CampaignRankingIndex1795330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "player_attempts_campaign_idx" ON "player_attempts" ("question_group_id", "player_id", "completed_at", "id") INCLUDE ("score", "correct_answers", "completion_time", "location_id") WHERE completed_at IS NOT NULL AND over_limit = false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."player_attempts_campaign_idx"`);
  }
}
