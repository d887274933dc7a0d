import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The set-up kiosks, found without reading every phone: a device per phone player makes `devices`
 * hundreds of thousands of rows on a long event, and the staff panel's kiosk list and GET /metrics'
 * silent-kiosk gauge (read every few seconds) want the few dozen set up through a link.
 */
export class KioskIndex1796250000000 implements MigrationInterface {
  name = 'KioskIndex1796250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "devices_kiosk_idx" ON "devices" ("kiosk_setup_at") WHERE kiosk_setup_at IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."devices_kiosk_idx"`);
  }
}
