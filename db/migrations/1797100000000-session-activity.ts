import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a session's row was last written (its sign-in, a change of its data, or a renewal in the
 * second half of its idle lifetime): "Mi cuenta" shows it as the session's last use. Rows from
 * before read as written now.
 */
export class SessionActivity1797100000000 implements MigrationInterface {
  name = 'SessionActivity1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sessions" ADD "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "updated_at"`);
  }
}
