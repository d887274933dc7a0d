import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { tmpdir } from 'node:os';
import { prepareDatabase } from '../../api/bootstrap';
import { loadConfig } from '../../api/platform/config';
import { createDataSource, migrate } from '../../db/data-source';
import { DrawEntries1796400000000 } from '../../db/migrations/1796400000000-draw-entries';
import { DrawEntriesHash1796950000000 } from '../../db/migrations/1796950000000-draw-entries-hash';
import { DocumentIdentity1796150000000 } from '../../db/migrations/1796150000000-document-identity';
import { Accounts1797000000000 } from '../../db/migrations/1797000000000-accounts';
import { AddressPlayers1797500000000 } from '../../db/migrations/1797500000000-address-players';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import { insertCompletedAttempt } from '../support/attempts';
import { createTestDataSource, databaseUrl } from '../support/database';

const EXPECTED_TABLES = [
  'account_links',
  'activity_entries',
  'address_players',
  'address_windows',
  'analysis_answer_log',
  'analysis_day_log',
  'analysis_hour_log',
  'analysis_round_log',
  'analysis_round_queue',
  'analysis_time_log',
  'answers',
  'bundle_generation',
  'campaign_analysis_log',
  'campaign_day_standings',
  'campaign_question_groups',
  'campaign_standing_counts',
  'campaign_standings',
  'campaigns',
  'companies',
  'consent_texts',
  'devices',
  'document_types',
  'draw_screen_settings',
  'kiosk_setup_links',
  'locations',
  'logo_uploads',
  'migrations',
  'picture_uploads',
  'pictures',
  'player_aliases',
  'player_attempts',
  'player_erasures',
  'player_merges',
  'player_name_changes',
  'players',
  'poll_votes',
  'prize_draw_entries',
  'prize_draws',
  'question_groups',
  'question_text_revisions',
  'questions',
  'ranking_disqualifications',
  'rate_limits',
  'sessions',
  'sync_mutations',
  'trivia_day_player_counts',
  'trivia_day_players',
  'trivia_day_standings',
  'trivia_score_counts',
  'trivia_score_time_counts',
  'trivia_standing_counts',
  'trivia_standings',
  'user_company_roles',
  'user_second_factors',
  'users',
];

let dataSource: DataSource;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ dataSource, close } = await createTestDataSource({ empty: true }));
});
afterAll(() => close());

it('creates every table from an empty database, and a second run does nothing', async () => {
  expect((await migrate(dataSource)).length).toBeGreaterThan(0);
  const rows: { table_name: string }[] = await dataSource.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  expect(rows.map((r) => r.table_name)).toEqual(EXPECTED_TABLES);
  expect(await migrate(dataSource)).toEqual([]);
});

it('leaves nothing for the entities to change (migrations and entities agree)', async () => {
  const pending = await dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((q) => q.query)).toEqual([]);
});

it('seeds the document types and enforces one player per document', async () => {
  const types = await dataSource.query('SELECT code FROM document_types ORDER BY id');
  expect(types.map((t: { code: string }) => t.code)).toEqual(['CC', 'TI', 'CE', 'PA', 'PPT']);
  const indexes = await dataSource.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'players_document_key'`);
  expect(indexes[0].indexdef).toContain('UNIQUE INDEX');
});

it('rewrites stored document numbers to the identity rule where they collide with nobody, and leaves colliding ones for a merge; down() removes the flag', async () => {
  const migration = new DocumentIdentity1796150000000();
  const runner = dataSource.createQueryRunner();
  try {
    await migration.down(runner);
    expect(await dataSource.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'document_types' AND column_name = 'numeric'`)).toEqual([]);
    const [{ id: cc }] = await dataSource.query(`SELECT id FROM document_types WHERE code = 'CC'`);
    const [{ id: pa }] = await dataSource.query(`SELECT id FROM document_types WHERE code = 'PA'`);
    const stored: [number, string][] = [
      [cc, '0012345678'], // alone: becomes 12345678
      [cc, '55555555'], // canonical, and two more spellings of it: all three stay
      [cc, '055555555'],
      [cc, '555-55555'],
      [cc, '0777777'], // two spellings, neither canonical: both stay
      [cc, '777-777'],
      [pa, 'AB-123.45'], // a passport: AB12345
      [cc, '00000'], // nothing left: stays
    ];
    for (const [type, number] of stored) {
      await dataSource.query(`INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number) VALUES ('Migrado', 'Migrado', '', $1, $2)`, [type, number]);
    }
    await migration.up(runner);
    const rows: { document_number: string }[] = await dataSource.query(`SELECT document_number FROM players ORDER BY id`);
    expect(rows.map((r) => r.document_number)).toEqual(['12345678', '55555555', '055555555', '555-55555', '0777777', '777-777', 'AB12345', '00000']);
    const types = await dataSource.query(`SELECT code, numeric FROM document_types ORDER BY id`);
    expect(types.map((t: { code: string; numeric: boolean }) => `${t.code}:${t.numeric}`)).toEqual(['CC:true', 'TI:true', 'CE:true', 'PA:false', 'PPT:true']);
  } finally {
    await runner.release();
  }
});

it('moves the eligible list of a stored draw to one row per entry, in its order, and down() puts it back', async () => {
  const migration = new DrawEntries1796400000000();
  const later = new DrawEntriesHash1796950000000();
  const runner = dataSource.createQueryRunner();
  try {
    await later.down(runner);
    await migration.down(runner);
    const [{ id: companyId }] = await dataSource.query(`INSERT INTO companies (name) VALUES ('Sorteos') RETURNING id`);
    const [{ id: groupId }] = await dataSource.query(`INSERT INTO question_groups (name, company_id) VALUES ('Trivia', $1) RETURNING id`, [companyId]);
    const eligible = [{ playerId: 7, attemptId: 70 }, { playerId: 3, attemptId: 30 }, { playerId: 9, attemptId: 90 }];
    const [{ id: drawId }] = await dataSource.query(
      `INSERT INTO prize_draws (question_group_id, filters, prizes, seed, seed_from_server, eligible, winners) VALUES ($1, '{}', 1, 'ab', true, $2, $3) RETURNING id`,
      [groupId, JSON.stringify(eligible), JSON.stringify([eligible[2]])],
    );
    await migration.up(runner);
    expect(await dataSource.query(`SELECT position, player_id, attempt_id FROM prize_draw_entries WHERE draw_id = $1 ORDER BY position`, [drawId])).toEqual([
      { position: 0, player_id: 7, attempt_id: 70 },
      { position: 1, player_id: 3, attempt_id: 30 },
      { position: 2, player_id: 9, attempt_id: 90 },
    ]);
    expect(await dataSource.query(`SELECT eligible_count FROM prize_draws WHERE id = $1`, [drawId])).toEqual([{ eligible_count: 3 }]);
    await migration.down(runner);
    expect(await dataSource.query(`SELECT eligible FROM prize_draws WHERE id = $1`, [drawId])).toEqual([{ eligible }]);
    await migration.up(runner);
    await later.up(runner);
  } finally {
    await runner.release();
  }
});

it("fills in the entries hash of the draws already recorded from their stored entries, and down() removes it", async () => {
  const migration = new DrawEntriesHash1796950000000();
  const runner = dataSource.createQueryRunner();
  try {
    await migration.down(runner);
    const [{ id: companyId }] = await dataSource.query(`INSERT INTO companies (name) VALUES ('Sorteos hash') RETURNING id`);
    const [{ id: groupId }] = await dataSource.query(`INSERT INTO question_groups (name, company_id) VALUES ('Trivia hash', $1) RETURNING id`, [companyId]);
    const entries = [
      { playerId: 12, attemptId: 7 },
      { playerId: 3, attemptId: 40 },
      { playerId: 3, attemptId: 9 },
    ];
    const [{ id: drawId }] = await dataSource.query(
      `INSERT INTO prize_draws (question_group_id, filters, prizes, seed, seed_from_server, eligible_count, winners) VALUES ($1, '{}', 1, 'ab', true, 3, '[]') RETURNING id`,
      [groupId],
    );
    for (const [position, e] of entries.entries()) {
      await dataSource.query(`INSERT INTO prize_draw_entries (draw_id, position, player_id, attempt_id) VALUES ($1, $2, $3, $4)`, [drawId, position, e.playerId, e.attemptId]);
    }
    await migration.up(runner);
    // The documented rule: `playerId:attemptId` lines ordered by player id then attempt id, joined by newlines.
    const expected = createHash('sha256').update('3:9\n3:40\n12:7').digest('hex');
    expect(await dataSource.query(`SELECT entries_hash FROM prize_draws WHERE id = $1`, [drawId])).toEqual([{ entries_hash: expected }]);
    await migration.down(runner);
    expect(await dataSource.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'prize_draws' AND column_name = 'entries_hash'`)).toEqual([]);
    expect(await dataSource.query(`SELECT to_regclass('draw_screen_settings') AS t`)).toEqual([{ t: null }]);
    await migration.up(runner);
  } finally {
    await runner.release();
  }
});

it('makes every existing user an active owner, and down() makes them admins again without letting a disabled or removed one back in', async () => {
  const migration = new Accounts1797000000000();
  const runner = dataSource.createQueryRunner();
  try {
    await migration.down(runner);
    for (const username of ['antes.uno', 'antes.dos']) {
      await dataSource.query(`INSERT INTO users (username, password_hash, first_name, last_name, email) VALUES ($1, 'hash', 'A', 'B', 'a@example.com')`, [username]);
    }
    await migration.up(runner);
    expect(await dataSource.query(`SELECT username, role, status, removed_at FROM users WHERE username LIKE 'antes.%' ORDER BY username`)).toEqual([
      { username: 'antes.dos', role: 'owner', status: 'active', removed_at: null },
      { username: 'antes.uno', role: 'owner', status: 'active', removed_at: null },
    ]);
    await dataSource.query(`UPDATE users SET status = 'disabled' WHERE username = 'antes.dos'`);
    await dataSource.query(`INSERT INTO users (username, password_hash, first_name, last_name, email, status) VALUES ('invitada', NULL, 'I', 'N', 'i@example.com', 'invited')`);
    await expect(dataSource.query(`UPDATE users SET status = 'active' WHERE username = 'invitada'`)).rejects.toThrow(/users_password_matches_status/);
    await migration.down(runner);
    expect(await dataSource.query(`SELECT username, role, password_hash FROM users WHERE username IN ('antes.uno', 'antes.dos', 'invitada') ORDER BY username`)).toEqual([
      { username: 'antes.dos', role: 'admin', password_hash: '!' },
      { username: 'antes.uno', role: 'admin', password_hash: 'hash' },
    ]);
    await migration.up(runner);
  } finally {
    await runner.release();
  }
});

it('lets two processes start at once on an empty database: both succeed, one admin and one demo company', async () => {
  const fresh = `race_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${fresh}`);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), ADMIN_PASSWORD: 'race-admin-password' });
  const sources = [createDataSource({ url: databaseUrl(fresh), poolSize: 2 }), createDataSource({ url: databaseUrl(fresh), poolSize: 2 })];
  try {
    await Promise.all(sources.map((source) => source.initialize()));
    const results = await Promise.all(sources.map((source) => prepareDatabase(source, config)));
    expect(results.filter((r) => r.bootstrap.admin)).toHaveLength(1);
    expect(results.filter((r) => r.appliedMigrations.length > 0)).toHaveLength(1);
    const [users] = await sources[0]!.query(`SELECT count(*)::int AS n, min(role) AS role FROM users`);
    expect(users).toEqual({ n: 1, role: 'owner' });
    const [companies] = await sources[0]!.query('SELECT count(*)::int AS n FROM companies');
    expect(companies.n).toBe(1);
  } finally {
    await Promise.all(sources.map((source) => (source.isInitialized ? source.destroy() : undefined)));
    await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
    await admin.end();
  }
}, 60_000);

it("fills each address's window with the players of its last hour of rounds, held ones too, and down() removes it", async () => {
  const migration = new AddressPlayers1797500000000();
  const runner = dataSource.createQueryRunner();
  try {
    await migration.down(runner);
    const company = await buildCompany(dataSource, { name: 'Ventanas' });
    const { group } = await buildTrivia(dataSource, company.id);
    const [ana, bea, cam] = [await buildPlayer(dataSource), await buildPlayer(dataSource), await buildPlayer(dataSource)];
    const round = async (playerId: number, key: string, minutesAgo: number, reviewStatus: 'clean' | 'held' = 'clean') => {
      const id = await insertCompletedAttempt(dataSource, { playerId, groupId: group.id, score: 50, reviewStatus });
      await dataSource.query(`UPDATE player_attempts SET address_key = $2, recorded_at = now() - make_interval(mins => $3) WHERE id = $1`, [id, key, minutesAgo]);
    };
    await round(ana!.id, 'window-a', 10);
    await round(ana!.id, 'window-a', 5);
    await round(bea!.id, 'window-a', 20, 'held');
    await round(cam!.id, 'window-a', 90);
    await round(cam!.id, 'window-b', 30);
    await migration.up(runner);
    expect(await dataSource.query(`SELECT address_key, players FROM address_windows WHERE address_key LIKE 'window-%' ORDER BY address_key`)).toEqual([
      { address_key: 'window-a', players: 2 },
      { address_key: 'window-b', players: 1 },
    ]);
    const players = await dataSource.query(`SELECT player_id FROM address_players WHERE address_key = 'window-a' ORDER BY player_id`);
    expect(players.map((p: { player_id: number }) => p.player_id)).toEqual([ana!.id, bea!.id].sort((x, y) => x - y));
    await migration.down(runner);
    expect(await dataSource.query(`SELECT to_regclass('address_players') AS p, to_regclass('address_windows') AS w`)).toEqual([{ p: null, w: null }]);
    await migration.up(runner);
  } finally {
    await runner.release();
  }
});
