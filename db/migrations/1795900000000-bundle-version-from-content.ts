import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trivia bundle's version is a hash of the bundle's content (api/play/bundle/presenter.ts), so the
 * counter every content change had to bump by hand goes.
 */
export class BundleVersionFromContent1795900000000 implements MigrationInterface {
  name = 'BundleVersionFromContent1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "question_groups" DROP COLUMN "content_version"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "question_groups" ADD "content_version" integer NOT NULL DEFAULT '1'`);
  }
}
