import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { migrate } from '../../db/data-source';
import { migrations } from '../../db/migrations';
import { createTestDataSource } from '../support/database';
import { insertCompletedAttempt } from '../support/attempts';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { catalogueDifference, schemaCatalogue } from '../support/schema-catalogue';

/**
 * Every migration up, then every down() from the newest to the oldest, then up again the app's
 * way, on an empty database of this file's own: each down() must leave the schema exactly as it
 * was right before its up(), and the second up must make the schema the first one made.
 */

let dataSource: DataSource;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ dataSource, close } = await createTestDataSource({ empty: true }));
});
afterAll(() => close());

/**
 * A little of each kind of row that a down() carries back to an older shape: a held round and a
 * kiosk's round (attempt-review-state, fair-play-limits), an erased player without a document
 * (consent-and-erasure), a draw with its entries (draw-entries), a member, an invited and a
 * disabled user (company-roles, accounts), and the standings, counts and logs the rounds feed.
 */
async function seedRows(ds: DataSource) {
  const company = await buildCompany(ds, { name: 'Bajadas' });
  const location = await buildLocation(ds, company.id);
  const { group } = await buildTrivia(ds, company.id, { questions: 2, answersPerQuestion: 2 });
  const [{ id: campaignId }] = await ds.query(
    `INSERT INTO campaigns (name, company_id, start_date, end_date) VALUES ('Copa', $1, current_date, current_date + 7) RETURNING id`,
    [company.id],
  );
  await ds.query(`INSERT INTO campaign_question_groups (campaign_id, question_group_id) VALUES ($1, $2)`, [campaignId, group.id]);
  const deviceId = randomUUID();
  await ds.query(`INSERT INTO devices (id, secret_hash) VALUES ($1, repeat('0', 64))`, [deviceId]);
  const [ana, bea] = [await buildPlayer(ds, { locationId: location.id }), await buildPlayer(ds)];
  const kept = await insertCompletedAttempt(ds, { playerId: ana.id, groupId: group.id, score: 80, locationId: location.id, deviceId });
  await insertCompletedAttempt(ds, { playerId: bea.id, groupId: group.id, score: 60, reviewStatus: 'held', reviewReason: 'too fast' });
  await ds.query(`UPDATE players SET document_number = NULL WHERE id = $1`, [bea.id]);
  const [{ id: drawId }] = await ds.query(
    `INSERT INTO prize_draws (question_group_id, filters, prizes, seed, seed_from_server, eligible_count, entries_hash, winners)
     VALUES ($1, '{}', 1, 'ab', true, 1, repeat('0', 64), $2) RETURNING id`,
    [group.id, JSON.stringify([{ playerId: ana.id, attemptId: kept }])],
  );
  await ds.query(`INSERT INTO prize_draw_entries (draw_id, position, player_id, attempt_id) VALUES ($1, 0, $2, $3)`, [drawId, ana.id, kept]);
  await ds.query(
    `INSERT INTO users (username, password_hash, first_name, last_name, email, role, status) VALUES
       ('duena', 'hash', 'D', 'U', 'd@example.com', 'owner', 'active'),
       ('miembro', 'hash', 'M', 'I', 'm@example.com', 'member', 'active'),
       ('invitada', NULL, 'I', 'N', 'i@example.com', 'member', 'invited'),
       ('apagado', 'hash', 'A', 'P', 'a@example.com', 'owner', 'disabled')`,
  );
  await ds.query(`INSERT INTO user_company_roles (user_id, company_id, role) SELECT id, $1, 'staff' FROM users WHERE username = 'miembro'`, [company.id]);
}

/** One migration step in a transaction of its own, as the app runs them (`transaction: 'each'`); an error names the step. */
async function step(runner: QueryRunner, migration: MigrationInterface, direction: 'up' | 'down') {
  await runner.startTransaction();
  try {
    await migration[direction](runner);
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw new Error(`${migration.name}.${direction}(): ${(error as Error).message}`, { cause: error });
  }
}

it("runs every migration's down() from the newest to the oldest, each leaving the schema as it was before its up(), and up again makes the same schema", async () => {
  const runner = dataSource.createQueryRunner();
  try {
    const beforeUp: string[][] = [];
    for (const Migration of migrations) {
      beforeUp.push(await schemaCatalogue(runner));
      await step(runner, new Migration(), 'up');
    }
    const firstUp = await schemaCatalogue(runner);
    await seedRows(dataSource);

    for (let k = migrations.length - 1; k >= 0; k--) {
      const migration = new migrations[k]!();
      await step(runner, migration, 'down');
      const difference = catalogueDifference(beforeUp[k]!, await schemaCatalogue(runner));
      expect({ afterDownOf: migration.name, ...difference }).toEqual({ afterDownOf: migration.name, lost: [], added: [] });
    }
    const left = await runner.query(`SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'`);
    expect(left).toEqual([]);

    expect(await migrate(dataSource)).toEqual(migrations.map((Migration) => new Migration().name));
    expect({ secondUp: true, ...catalogueDifference(firstUp, await schemaCatalogue(runner)) }).toEqual({ secondUp: true, lost: [], added: [] });
  } finally {
    await runner.release();
  }
});
