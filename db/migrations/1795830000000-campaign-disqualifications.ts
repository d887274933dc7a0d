import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Disqualifying a player from a campaign's ranking: one player-scope row per trivia of the
 * campaign, each marked with the campaign it was made from (campaign_id). The rows of one such
 * decision share campaign, player and disqualified_at (one transaction) and are restored together.
 * The ranking rule is unchanged: a row holds at its trivia whoever made it. A deleted campaign
 * leaves its rows as plain trivia disqualifications.
 */
export class CampaignDisqualifications1795830000000 implements MigrationInterface {
  name = 'CampaignDisqualifications1795830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ranking_disqualifications" ADD "campaign_id" integer`);
    await queryRunner.query(`CREATE INDEX "ranking_disqualifications_campaign_idx" ON "ranking_disqualifications" ("campaign_id", "player_id") `);
    await queryRunner.query(`ALTER TABLE "ranking_disqualifications" ADD CONSTRAINT "FK_ranking_disqualifications_campaign" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ranking_disqualifications" DROP CONSTRAINT "FK_ranking_disqualifications_campaign"`);
    await queryRunner.query(`DROP INDEX "public"."ranking_disqualifications_campaign_idx"`);
    await queryRunner.query(`ALTER TABLE "ranking_disqualifications" DROP COLUMN "campaign_id"`);
  }
}
