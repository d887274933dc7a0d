import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A kiosk whose browser lost its data (its site storage cleared or evicted): the same browser,
 * still carrying the kiosk's mark, registered as a new device. "Dispositivos" then says so
 * (docs/fair-play.md, "A kiosk that lost its data") until the kiosk is heard from again.
 */
export class KioskDataLost1796970000000 implements MigrationInterface {
  name = 'KioskDataLost1796970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "devices" ADD "data_lost_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "devices" DROP COLUMN "data_lost_at"`);
  }
}
