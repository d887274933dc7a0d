import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `sync_mutations.document_key`: the keyed fingerprint (api/play/players/document-key.ts) of the document
 * a refused mutation named. A refused payload is kept with its number masked, so without it an
 * erasure could find such a record only by the name's exact text. Null for every other row and for
 * refusals recorded before (an erasure matches those by their masked number). The partial index
 * serves the erasure's lookup.
 */
export class RejectionDocumentKey1796500000000 implements MigrationInterface {
  name = 'RejectionDocumentKey1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sync_mutations" ADD "document_key" character varying(64)`);
    await queryRunner.query(`CREATE INDEX "sync_mutations_document_key_idx" ON "sync_mutations" ("document_key") WHERE document_key IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."sync_mutations_document_key_idx"`);
    await queryRunner.query(`ALTER TABLE "sync_mutations" DROP COLUMN "document_key"`);
  }
}
