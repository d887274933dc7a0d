/**
 * Writes a migration with the SQL that brings a database migrated to HEAD in line with the entities.
 * Usage: npm run migration:create -- <intent-in-kebab-case>
 * It starts a throwaway embedded PostgreSQL, so it needs no setup.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDataSource, migrate } from '../db/data-source';
import { ensureDatabase, startEmbeddedPostgres } from '../db/embedded-postgres';

const intent = process.argv[2];
if (intent === '--help') {
  console.log('usage: npm run migration:create -- <intent-in-kebab-case>  (writes db/migrations/<timestamp>-<intent>.ts)');
  process.exit(0);
}
if (!intent || !/^[a-z0-9-]+$/.test(intent)) {
  console.error('usage: npm run migration:create -- <intent-in-kebab-case>');
  process.exit(2);
}
const dir = await mkdtemp(path.join(tmpdir(), 'trivia-migration-'));
const pg = await startEmbeddedPostgres(dir);
try {
  await ensureDatabase(pg.serverUrl('postgres'), 'gen');
  const dataSource = createDataSource({ url: pg.serverUrl('gen') });
  await dataSource.initialize();
  await migrate(dataSource);
  const sql = await dataSource.driver.createSchemaBuilder().log();
  await dataSource.destroy();
  if (sql.upQueries.length === 0) {
    console.log('The entities match the migrations: nothing to generate.');
  } else {
    const stamp = Date.now();
    const className = intent.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase()) + stamp;
    const line = (q: { query: string }) => `    await queryRunner.query(\`${q.query.replace(/`/g, "\\`")}\`);`;
    const file = path.join('db', 'migrations', `${stamp}-${intent}.ts`);
    await writeFile(
      file,
      `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${sql.upQueries.map(line).join('\n')}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${sql.downQueries.reverse().map(line).join('\n')}
  }
}
`,
    );
    console.log(`wrote ${file}; add it to db/migrations/index.ts`);
  }
} finally {
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
}
