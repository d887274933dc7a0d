import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Prize draws ("Sorteo"): the record of every draw of a trivia or a campaign, with the eligible
 * list and the seed that make it reproducible (api/results/draws).
 */
export class PrizeDraws1795820000000 implements MigrationInterface {
  name = 'PrizeDraws1795820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "prize_draws" ("id" SERIAL NOT NULL, "question_group_id" integer, "campaign_id" integer, "filters" jsonb NOT NULL, "prizes" integer NOT NULL, "seed" character varying(64) NOT NULL, "eligible" jsonb NOT NULL, "winners" jsonb NOT NULL, "created_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "prize_draws_one_subject" CHECK ((question_group_id IS NULL) <> (campaign_id IS NULL)), CONSTRAINT "PK_38982c2f872b6b4485ad66a6fba" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "prize_draws_question_group_id_idx" ON "prize_draws"  ("question_group_id") `);
    await queryRunner.query(`CREATE INDEX "prize_draws_campaign_id_idx" ON "prize_draws"  ("campaign_id") `);
    await queryRunner.query(`ALTER TABLE "prize_draws" ADD CONSTRAINT "FK_c4a2fb26294a52ce5ac7c2aa0cf" FOREIGN KEY ("question_group_id") REFERENCES "question_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "prize_draws" ADD CONSTRAINT "FK_5362886731787b0351e64d0bce7" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "prize_draws" ADD CONSTRAINT "FK_b52d1d56b98535a036110b6f891" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "prize_draws" DROP CONSTRAINT "FK_b52d1d56b98535a036110b6f891"`);
    await queryRunner.query(`ALTER TABLE "prize_draws" DROP CONSTRAINT "FK_5362886731787b0351e64d0bce7"`);
    await queryRunner.query(`ALTER TABLE "prize_draws" DROP CONSTRAINT "FK_c4a2fb26294a52ce5ac7c2aa0cf"`);
    await queryRunner.query(`DROP INDEX "public"."prize_draws_campaign_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."prize_draws_question_group_id_idx"`);
    await queryRunner.query(`DROP TABLE "prize_draws"`);
  }
}
