import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Roles per company (docs/permissions.md). A user is an `owner` (every company, the users and the
 * installation) or a `member`, whose reach is the companies of `user_company_roles`, one role for
 * each. Existing users stay owners, so nothing changes until an owner invites a member.
 */
export class CompanyRoles1797200000000 implements MigrationInterface {
  name = 'CompanyRoles1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_role_known"`);
    await queryRunner.query(`ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK (role IN ('owner', 'member'))`);
    await queryRunner.query(`CREATE TABLE "user_company_roles" ("user_id" integer NOT NULL, "company_id" integer NOT NULL, "role" character varying(20) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "user_company_roles_role_known" CHECK (role IN ('organiser', 'staff', 'viewer')), CONSTRAINT "PK_user_company_roles" PRIMARY KEY ("user_id", "company_id"))`);
    await queryRunner.query(`CREATE INDEX "user_company_roles_company_idx" ON "user_company_roles" ("company_id") `);
    await queryRunner.query(`ALTER TABLE "user_company_roles" ADD CONSTRAINT "FK_a283a1b87bf6a29f9e3667186d0" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_company_roles" ADD CONSTRAINT "FK_654e9d34514abfea52930f5da5c" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  /** Back to owners only: a member could not be one, so members lose their sign-in (their rows stay, attributed). */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_company_roles"`);
    await queryRunner.query(`UPDATE "users" SET "status" = 'disabled', "role" = 'owner' WHERE "role" = 'member'`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_role_known"`);
    await queryRunner.query(`ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK (role IN ('owner'))`);
  }
}
