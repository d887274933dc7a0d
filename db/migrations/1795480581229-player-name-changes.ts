import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Registering a known document again no longer renames its player: the name it brought is
 * recorded here (old, new, when, from which device or address) for an admin to apply or leave.
 */
export class PlayerNameChanges1795480581229 implements MigrationInterface {
  name = 'PlayerNameChanges1795480581229';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "player_name_changes" ("id" SERIAL NOT NULL, "player_id" integer NOT NULL, "old_full_name" character varying(150) NOT NULL, "new_full_name" character varying(150) NOT NULL, "source" character varying(100) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "applied_at" TIMESTAMP WITH TIME ZONE, "applied_by" integer, CONSTRAINT "PK_6a9c6c4de5ac712d6d7268285ec" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "player_name_changes_player_id_idx" ON "player_name_changes"  ("player_id") `);
    await queryRunner.query(`ALTER TABLE "player_name_changes" ADD CONSTRAINT "FK_cec6a56a1eef1a05b1f2190e3c1" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "player_name_changes" ADD CONSTRAINT "FK_765708089f7cd2bde7b9dcd3ff3" FOREIGN KEY ("applied_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "player_name_changes" DROP CONSTRAINT "FK_765708089f7cd2bde7b9dcd3ff3"`);
    await queryRunner.query(`ALTER TABLE "player_name_changes" DROP CONSTRAINT "FK_cec6a56a1eef1a05b1f2190e3c1"`);
    await queryRunner.query(`DROP INDEX "public"."player_name_changes_player_id_idx"`);
    await queryRunner.query(`DROP TABLE "player_name_changes"`);
  }
}
