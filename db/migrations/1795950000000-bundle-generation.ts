import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables a trivia's bundle is built from (api/play/bundle/service.ts, loadBundle). */
const BUNDLE_TABLES = ['question_groups', 'companies', 'questions', 'answers', 'document_types', 'locations', 'consent_texts'];

/**
 * One counter that every write to a bundle's rows moves, in the writer's own transaction (a
 * trigger, whoever writes: the app, an import, an administrator's SQL). The row triggers are
 * deferred to the commit, so a writer takes the counter's row lock last, holding it only while it
 * commits: two writers never wait on each other's rows while one holds the counter (no deadlock). A returning
 * kiosk's revalidation reads this one row instead of fingerprinting the trivia's rows
 * (api/play/bundle/bundle-versions.ts). The counter is global: a change to any trivia makes every
 * process rebuild each bundle once, which is rare next to the revalidations it saves.
 */
export class BundleGeneration1795950000000 implements MigrationInterface {
  name = 'BundleGeneration1795950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "bundle_generation" ("id" boolean PRIMARY KEY DEFAULT true CHECK ("id"), "generation" bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO "bundle_generation" ("id", "generation") VALUES (true, 1)`);
    await queryRunner.query(`
      CREATE FUNCTION "bump_bundle_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "bundle_generation" SET "generation" = "generation" + 1;
        RETURN NULL;
      END $$`);
    for (const table of BUNDLE_TABLES) {
      await queryRunner.query(
        `CREATE CONSTRAINT TRIGGER "${table}_bump_bundle_generation" AFTER INSERT OR UPDATE OR DELETE ON "${table}" ` +
          `DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_bundle_generation"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_truncate_bumps_bundle_generation" AFTER TRUNCATE ON "${table}" ` +
          `FOR EACH STATEMENT EXECUTE FUNCTION "bump_bundle_generation"()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of BUNDLE_TABLES) {
      await queryRunner.query(`DROP TRIGGER "${table}_truncate_bumps_bundle_generation" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "${table}_bump_bundle_generation" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "bump_bundle_generation"()`);
    await queryRunner.query(`DROP TABLE "bundle_generation"`);
  }
}
