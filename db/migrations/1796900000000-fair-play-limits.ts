import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fair play's limits on every path (docs/fair-play.md): each round keeps when the server recorded
 * it (`recorded_at`) and, for a device that is not a kiosk of its trivia, the keyed fingerprint of
 * the address it came from (`address_key`), for the ranked-players-per-address ceiling. A round
 * keeps its device id when the device's row is lost (no foreign key): a kiosk restored from its
 * certificate completes its rounds as its own.
 */
export class FairPlayLimits1796900000000 implements MigrationInterface {
  name = 'FairPlayLimits1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "recorded_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ALTER COLUMN "recorded_at" SET DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "address_key" character varying(43)`);
    await queryRunner.query(`CREATE INDEX "player_attempts_address_idx" ON "player_attempts" ("address_key", "recorded_at") WHERE address_key IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP CONSTRAINT "FK_6ad80bb508563f2f34207b73f45"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "player_attempts" a SET device_id = NULL WHERE device_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = a.device_id)`);
    await queryRunner.query(
      `ALTER TABLE "player_attempts" ADD CONSTRAINT "FK_6ad80bb508563f2f34207b73f45" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`DROP INDEX "public"."player_attempts_address_idx"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "address_key"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "recorded_at"`);
  }
}
