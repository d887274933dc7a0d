import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CANONICAL_DOCUMENT_NUMBER, normalizeDocumentNumber } from '../../contract/player-input';

/**
 * One person, one identity. Each document type says whether its numbers are digits only
 * (`numeric`: the cédulas, the tarjeta de identidad, the cédula de extranjería and the PPT; a
 * passport is letters and digits), and every stored number is rewritten to its canonical form
 * (contract's `normalizeDocumentNumber`) when that names nobody else: '01024477501' becomes
 * '1024477501' unless another player already is '1024477501' or also becomes it. Players that
 * collide keep their numbers as stored, for an admin to merge ("Unir jugadores"); nothing is
 * merged here. A number with nothing left once normalised is left as it is.
 *
 * down() removes the flag; the rewritten numbers stay as they are (the old rule, trimmed and
 * upper-cased, accepts them as they are; the spelling they had is not kept anywhere).
 */
export class DocumentIdentity1796150000000 implements MigrationInterface {
  name = 'DocumentIdentity1796150000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_types" ADD "numeric" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE "document_types" SET "numeric" = true WHERE code IN ('CC', 'TI', 'CE', 'PPT')`);

    const stale: { id: number; document_type_id: number; document_number: string; numeric: boolean }[] = await queryRunner.query(
      `SELECT p.id, p.document_type_id, p.document_number, t.numeric
         FROM players p JOIN document_types t ON t.id = p.document_type_id
        WHERE p.document_number IS NOT NULL
          AND p.document_number !~ (CASE WHEN t.numeric THEN $1 ELSE $2 END)`,
      [CANONICAL_DOCUMENT_NUMBER.numeric, CANONICAL_DOCUMENT_NUMBER.alphanumeric],
    );
    const byCanonical = new Map<string, { id: number; typeId: number; canonical: string }[]>();
    for (const row of stale) {
      const canonical = normalizeDocumentNumber(row.document_number, row);
      if (canonical === '') continue;
      const key = `${row.document_type_id}:${canonical}`;
      byCanonical.set(key, [...(byCanonical.get(key) ?? []), { id: row.id, typeId: row.document_type_id, canonical }]);
    }
    for (const group of byCanonical.values()) {
      if (group.length !== 1) continue;
      const [{ id, typeId, canonical }] = group as [{ id: number; typeId: number; canonical: string }];
      await queryRunner.query(
        `UPDATE players SET document_number = $3
          WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM players WHERE document_type_id = $2 AND document_number = $3)`,
        [id, typeId, canonical],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_types" DROP COLUMN "numeric"`);
  }
}
