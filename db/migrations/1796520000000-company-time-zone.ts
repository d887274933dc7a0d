import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each company chooses the time zone its events are held in (docs/decisions.md, "Time zones"):
 * the rankings' days, the big screen's clock and the exports' times. Null, every company's value
 * here, is the server's zone, which is what every screen and export used until now.
 */
export class CompanyTimeZone1796520000000 implements MigrationInterface {
  name = 'CompanyTimeZone1796520000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE companies ADD COLUMN time_zone varchar(64)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE companies DROP COLUMN time_zone`);
  }
}
