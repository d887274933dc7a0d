import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rate limits' counters (`rate_limits`) are written without the write-ahead log: every player's
 * document check spends two of them, each a commit that waited for a flush of the log. A crash of
 * PostgreSQL empties the table (a new window for every counter), a restore and a promoted replica
 * start with it empty: counters of an hour, never results (docs/security.md, "The document check").
 */
export class RateLimitsUnlogged1797910000000 implements MigrationInterface {
  name = 'RateLimitsUnlogged1797910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rate_limits" SET UNLOGGED`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rate_limits" SET LOGGED`);
  }
}
