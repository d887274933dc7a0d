import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organiser accounts. Every user so far becomes an `owner` (the whole installation), so nothing
 * changes until someone invites; the per-company roles come later in a table of their own. A user
 * is `invited` (no password yet), `active` or `disabled`; `removed_at` marks a removed one, whose
 * row (and username) stays so that what they did stays attributed to them. One-time account
 * links (an invitation, a password reset) keep only their token's SHA-256, an expiry and when
 * they were used, as kiosk setup links do.
 */
export class Accounts1797000000000 implements MigrationInterface {
  name = 'Accounts1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "users" SET "role" = 'owner'`);
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'owner'`);
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "users" ADD "status" character varying(20) NOT NULL DEFAULT 'active'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "last_sign_in_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "removed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD CONSTRAINT "users_status_known" CHECK (status IN ('invited', 'active', 'disabled'))`);
    await queryRunner.query(`ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK (role IN ('owner'))`);
    await queryRunner.query(`ALTER TABLE "users" ADD CONSTRAINT "users_password_matches_status" CHECK ((status = 'invited' AND password_hash IS NULL) OR (status = 'active' AND password_hash IS NOT NULL) OR status = 'disabled')`);
    await queryRunner.query(`CREATE TABLE "account_links" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "purpose" character varying(20) NOT NULL, "token_hash" character varying(64) NOT NULL, "created_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "account_links_purpose_known" CHECK (purpose IN ('invitation', 'password_reset')), CONSTRAINT "PK_account_links" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "account_links_token_hash_key" ON "account_links" ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "account_links_user_idx" ON "account_links" ("user_id") `);
    await queryRunner.query(`ALTER TABLE "account_links" ADD CONSTRAINT "FK_account_links_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "account_links" ADD CONSTRAINT "FK_account_links_created_by" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  /**
   * Back to one kind of user, every one an admin: invited ones (no password, nothing done) are
   * deleted, and disabled or removed ones keep their row but a hash no password matches, so going
   * back never lets them in again.
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "account_links"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_password_matches_status"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_role_known"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_status_known"`);
    await queryRunner.query(`DELETE FROM "users" WHERE "password_hash" IS NULL`);
    await queryRunner.query(`UPDATE "users" SET "password_hash" = '!' WHERE "status" = 'disabled' OR "removed_at" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "removed_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "last_sign_in_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "status"`);
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "password_hash" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'admin'`);
    await queryRunner.query(`UPDATE "users" SET "role" = 'admin'`);
  }
}
