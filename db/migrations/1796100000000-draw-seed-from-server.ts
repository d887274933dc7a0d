import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a draw's seed came from the server's random source. From now on every new draw's does
 * (a request can no longer name a seed); the draws recorded before are marked false, because an
 * admin may have typed theirs in, and the record says so.
 */
export class DrawSeedFromServer1796100000000 implements MigrationInterface {
  name = 'DrawSeedFromServer1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "prize_draws" ADD "seed_from_server" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "prize_draws" ALTER COLUMN "seed_from_server" DROP DEFAULT`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "prize_draws" DROP COLUMN "seed_from_server"`);
  }
}
