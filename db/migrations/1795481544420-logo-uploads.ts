import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per stored logo upload, keyed by the object name its signed URL names: a URL stores one
 * object, and uploads never attached to a logo can be found and swept with their files.
 */
export class LogoUploads1795481544420 implements MigrationInterface {
  name = 'LogoUploads1795481544420';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "logo_uploads" ("object_name" character varying(100) NOT NULL, "file_name" character varying(120) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attached_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_78ce93bfdfa201b4cdf1359a71e" PRIMARY KEY ("object_name"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "logo_uploads_file_name_key" ON "logo_uploads"  ("file_name") `);
    await queryRunner.query(`CREATE INDEX "logo_uploads_unattached_idx" ON "logo_uploads"  ("created_at") WHERE attached_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."logo_uploads_unattached_idx"`);
    await queryRunner.query(`DROP INDEX "public"."logo_uploads_file_name_key"`);
    await queryRunner.query(`DROP TABLE "logo_uploads"`);
  }
}
