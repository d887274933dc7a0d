import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How a trivia's and a campaign's public screens (public rankings, the big screen) show players'
 * names: 'full' (as before) or 'first-initial' ("Ana G."); the contract's schemas hold the values.
 */
export class PublicNameStyle1795500000000 implements MigrationInterface {
  name = 'PublicNameStyle1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['question_groups', 'campaigns']) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "public_names" character varying(20) NOT NULL DEFAULT 'full'`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['campaigns', 'question_groups']) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "public_names"`);
    }
  }
}
