import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A campaign's trivias hold distinct positions. Before the server owned the order, two editors (or
 * two quick clicks) could leave repeated orders, so this first renumbers every campaign's links
 * 1..n, keeping their current order (ties by id, the order the list already showed), and then makes
 * (campaign_id, "order") unique. The constraint is checked at commit (DEFERRABLE INITIALLY
 * DEFERRED) so a transaction can shift positions one row at a time.
 */
export class CampaignLinkOrderUnique1795400100000 implements MigrationInterface {
  name = 'CampaignLinkOrderUnique1795400100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "campaign_question_groups" link SET "order" = numbered.position
         FROM (SELECT id, row_number() OVER (PARTITION BY campaign_id ORDER BY "order", id) AS position
                 FROM "campaign_question_groups") numbered
        WHERE link.id = numbered.id AND link."order" <> numbered.position`,
    );
    await queryRunner.query(
      `ALTER TABLE "campaign_question_groups" ADD CONSTRAINT "campaign_question_groups_order_key" UNIQUE ("campaign_id", "order") DEFERRABLE INITIALLY DEFERRED`,
    );
  }

  /** The renumbering is kept: 1..n is a valid order under the old schema too. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "campaign_question_groups" DROP CONSTRAINT "campaign_question_groups_order_key"`);
  }
}
