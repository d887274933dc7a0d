import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-step sign-in (TOTP) per user: the sealed secret, when it was turned on, the last accepted
 * time step (no replay) and the hashes of the unused recovery codes. docs/security.md, "Two-step sign-in".
 */
export class SecondFactor1797400000000 implements MigrationInterface {
  name = 'SecondFactor1797400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "user_second_factors" ("user_id" integer NOT NULL, "sealed_secret" text NOT NULL, "enabled_at" TIMESTAMP WITH TIME ZONE, "last_time_step" integer, "recovery_code_hashes" text array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_user_second_factors" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`ALTER TABLE "user_second_factors" ADD CONSTRAINT "FK_13464c028382687cf72b6966dc5" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_second_factors"`);
  }
}
