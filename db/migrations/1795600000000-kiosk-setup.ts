import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Kiosk setup. An admin makes a one-time setup link for a trivia: only the SHA-256 of its token
 * is stored, with when it expires, and when and by which device it was used. A device set up as a
 * kiosk keeps its name, its trivia and when it was set up (the PIN never leaves the device).
 */
export class KioskSetup1795600000000 implements MigrationInterface {
  name = 'KioskSetup1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "kiosk_setup_links" ("id" SERIAL NOT NULL, "question_group_id" integer NOT NULL, "token_hash" character varying(64) NOT NULL, "created_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "device_id" uuid, CONSTRAINT "PK_kiosk_setup_links" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "kiosk_setup_links_token_hash_key" ON "kiosk_setup_links" ("token_hash") `);
    await queryRunner.query(`ALTER TABLE "kiosk_setup_links" ADD CONSTRAINT "FK_kiosk_setup_links_question_group" FOREIGN KEY ("question_group_id") REFERENCES "question_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "kiosk_setup_links" ADD CONSTRAINT "FK_kiosk_setup_links_created_by" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "kiosk_setup_links" ADD CONSTRAINT "FK_kiosk_setup_links_device" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "devices" ADD "kiosk_name" character varying(60)`);
    await queryRunner.query(`ALTER TABLE "devices" ADD "kiosk_question_group_id" integer`);
    await queryRunner.query(`ALTER TABLE "devices" ADD "kiosk_setup_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "devices" ADD CONSTRAINT "FK_devices_kiosk_question_group" FOREIGN KEY ("kiosk_question_group_id") REFERENCES "question_groups"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "devices" DROP CONSTRAINT "FK_devices_kiosk_question_group"`);
    await queryRunner.query(`ALTER TABLE "devices" DROP COLUMN "kiosk_setup_at"`);
    await queryRunner.query(`ALTER TABLE "devices" DROP COLUMN "kiosk_question_group_id"`);
    await queryRunner.query(`ALTER TABLE "devices" DROP COLUMN "kiosk_name"`);
    await queryRunner.query(`ALTER TABLE "kiosk_setup_links" DROP CONSTRAINT "FK_kiosk_setup_links_device"`);
    await queryRunner.query(`ALTER TABLE "kiosk_setup_links" DROP CONSTRAINT "FK_kiosk_setup_links_created_by"`);
    await queryRunner.query(`ALTER TABLE "kiosk_setup_links" DROP CONSTRAINT "FK_kiosk_setup_links_question_group"`);
    await queryRunner.query(`DROP INDEX "public"."kiosk_setup_links_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "kiosk_setup_links"`);
  }
}
