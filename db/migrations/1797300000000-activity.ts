import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Actividad" (docs/decisions.md, "Activity"): one row per change made in the admin, written in the
 * change's transaction. `at` keeps milliseconds only, so a page's cursor (its instant and id) is
 * exact in JavaScript. No foreign key to the company: an entry outlives the company it names.
 */
export class Activity1797300000000 implements MigrationInterface {
  name = 'Activity1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "activity_entries" ("id" SERIAL NOT NULL, "at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "user_id" integer, "address" character varying(64), "company_id" integer, "object_kind" character varying(30) NOT NULL, "object_id" integer, "action" character varying(30) NOT NULL, "summary" character varying(300) NOT NULL, "changes" jsonb, "personal" boolean NOT NULL DEFAULT false, "player_ids" integer array, CONSTRAINT "PK_activity_entries" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "activity_entries_at_idx" ON "activity_entries" ("at", "id") `);
    await queryRunner.query(`CREATE INDEX "activity_entries_company_at_idx" ON "activity_entries" ("company_id", "at", "id") `);
    await queryRunner.query(`CREATE INDEX "activity_entries_user_at_idx" ON "activity_entries" ("user_id", "at", "id") `);
    await queryRunner.query(`ALTER TABLE "activity_entries" ADD CONSTRAINT "FK_0115ef78b90a9f122986382293a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "activity_entries"`);
  }
}
