import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The record of "Unir jugadores": every merge of players that were one person (api/play/players/merge.ts). */
export class PlayerMerges1796150001000 implements MigrationInterface {
  name = 'PlayerMerges1796150001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "player_merges" ("id" SERIAL NOT NULL, "kept_player_id" integer NOT NULL, "merged_player_ids" integer array NOT NULL, "document_type_id" integer NOT NULL, "attempts_moved" integer NOT NULL, "merged_by" integer, "merged_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_player_merges" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "player_merges_kept_player_id_idx" ON "player_merges" ("kept_player_id") `);
    await queryRunner.query(`ALTER TABLE "player_merges" ADD CONSTRAINT "FK_player_merges_merged_by" FOREIGN KEY ("merged_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "player_merges" DROP CONSTRAINT "FK_player_merges_merged_by"`);
    await queryRunner.query(`DROP INDEX "public"."player_merges_kept_player_id_idx"`);
    await queryRunner.query(`DROP TABLE "player_merges"`);
  }
}
