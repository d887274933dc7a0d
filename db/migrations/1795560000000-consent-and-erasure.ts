import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Consent and erasure. Each company may have a data-treatment text, versioned: editing it inserts
 * a new version (the newest is the current one; an empty text means the company asks for none). A
 * player keeps the version agreed to and when. Every erasure of a player's personal data (made
 * anonymous, or deleted with the attempts) is recorded: who, when, which player, what.
 */
export class ConsentAndErasure1795560000000 implements MigrationInterface {
  name = 'ConsentAndErasure1795560000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "consent_texts" ("id" SERIAL NOT NULL, "company_id" integer NOT NULL, "version" integer NOT NULL, "text" text NOT NULL, "created_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_consent_texts" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "consent_texts_company_version_key" ON "consent_texts" ("company_id", "version") `);
    await queryRunner.query(`ALTER TABLE "consent_texts" ADD CONSTRAINT "FK_consent_texts_company" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "consent_texts" ADD CONSTRAINT "FK_consent_texts_created_by" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "players" ADD "consent_text_id" integer`);
    await queryRunner.query(`ALTER TABLE "players" ADD "consented_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "players" ADD CONSTRAINT "FK_players_consent_text" FOREIGN KEY ("consent_text_id") REFERENCES "consent_texts"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    // An anonymised player keeps no document: NULLs never collide in the unique (type, number) index.
    await queryRunner.query(`ALTER TABLE "players" ALTER COLUMN "document_number" DROP NOT NULL`);
    await queryRunner.query(`CREATE TABLE "player_erasures" ("id" SERIAL NOT NULL, "player_id" integer NOT NULL, "action" character varying(20) NOT NULL, "attempts" integer NOT NULL, "performed_by" integer, "performed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_player_erasures" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "player_erasures" ADD CONSTRAINT "FK_player_erasures_performed_by" FOREIGN KEY ("performed_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "player_erasures" DROP CONSTRAINT "FK_player_erasures_performed_by"`);
    await queryRunner.query(`DROP TABLE "player_erasures"`);
    await queryRunner.query(`UPDATE "players" SET "document_number" = '~' || "id" WHERE "document_number" IS NULL`);
    await queryRunner.query(`ALTER TABLE "players" ALTER COLUMN "document_number" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "players" DROP CONSTRAINT "FK_players_consent_text"`);
    await queryRunner.query(`ALTER TABLE "players" DROP COLUMN "consented_at"`);
    await queryRunner.query(`ALTER TABLE "players" DROP COLUMN "consent_text_id"`);
    await queryRunner.query(`ALTER TABLE "consent_texts" DROP CONSTRAINT "FK_consent_texts_created_by"`);
    await queryRunner.query(`ALTER TABLE "consent_texts" DROP CONSTRAINT "FK_consent_texts_company"`);
    await queryRunner.query(`DROP INDEX "public"."consent_texts_company_version_key"`);
    await queryRunner.query(`DROP TABLE "consent_texts"`);
  }
}
