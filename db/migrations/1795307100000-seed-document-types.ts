import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Colombian identity documents, the ones booth players carry: the player's forms ask for a
 * document type and number. NIT is left out on purpose: players are people, not companies.
 */
export class SeedDocumentTypes1795307100000 implements MigrationInterface {
  name = 'SeedDocumentTypes1795307100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      INSERT INTO document_types (code, name, description) VALUES
        ('CC', 'Cédula de ciudadanía', 'Documento de identidad de ciudadanos mayores de edad'),
        ('TI', 'Tarjeta de identidad', 'Documento de identidad de menores de edad (7 a 17 años)'),
        ('CE', 'Cédula de extranjería', 'Documento de identidad de extranjeros residentes'),
        ('PA', 'Pasaporte', 'Documento de viaje'),
        ('PPT', 'Permiso por Protección Temporal', 'Documento de migrantes venezolanos en Colombia')
      ON CONFLICT (code) DO NOTHING`);
  }

  /** Removes the seeded types no player holds: a player's document keeps its type (the foreign key restricts it). */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM document_types t WHERE t.code IN ('CC', 'TI', 'CE', 'PA', 'PPT') AND NOT EXISTS (SELECT 1 FROM players p WHERE p.document_type_id = t.id)`,
    );
  }
}
