import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../db/data-source';
import { startTestApi, type TestApi } from '../support/api-server';
import { createTestDatabase } from '../support/database';
import { freePort } from '../support/free-port';
import { parseMetrics, sumOf } from '../support/metrics-text';
import { buildKioskSite, deviceHeaders, kioskPlay, registerDevice, setUpKiosk, type KioskSite } from '../support/player-flow';
import { startTcpRelay } from '../support/tcp-relay';

/**
 * DATABASE_READ_URL: the public anonymous reads (the play bundle, public rankings, the big
 * screens) come from the read replica; whatever a player or an admin acts on comes from the
 * primary; a replica that goes away costs the reader nothing. Here the "replica" is a second
 * database holding the same trivia under another name (what a replica lagging behind a rename
 * would hold), reached through a TCP relay the test cuts and restores.
 */
const PRIMARY_NAME = 'Trivia del primario';
const REPLICA_NAME = 'Trivia de la réplica';

let api: TestApi;
let replicaDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let replica: DataSource;
let relay: Awaited<ReturnType<typeof startTcpRelay>>;
let site: KioskSite;

/** The same rows on both databases (both cloned from one template, so the ids agree), each trivia under its own name. */
async function arrange(ds: DataSource, name: string): Promise<KioskSite> {
  const built = await buildKioskSite(ds, { siteName: 'Pabellón 1', trivia: { questions: 3 } });
  await ds.query(`UPDATE question_groups SET name = $2 WHERE id = $1`, [built.trivia.group.id, name]);
  return built;
}

const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

beforeAll(async () => {
  replicaDatabase = await createTestDatabase();
  replica = createDataSource({ url: replicaDatabase.url, poolSize: 2 });
  await replica.initialize();
  const target = new URL(replicaDatabase.url);
  relay = await startTcpRelay({ host: '127.0.0.1', port: Number(target.port) });
  target.port = String(relay.port);
  target.searchParams.delete('host'); // through the relay's TCP port, not the server's socket
  // A read the replica does not answer within a second goes to the primary.
  api = await startTestApi({ DATABASE_READ_URL: target.toString(), READ_STATEMENT_TIMEOUT_MS: '1000' });
  site = await arrange(api.dataSource, PRIMARY_NAME);
  const onReplica = await arrange(replica, REPLICA_NAME);
  expect(onReplica.trivia.group.id).toBe(site.trivia.group.id);
});

afterAll(async () => {
  await api?.close();
  await relay?.close();
  await replica?.destroy();
  await replicaDatabase?.drop();
});

const triviaId = () => site.trivia.group.id;
const bundleTitle = async () => {
  const res = await api.client().get(`/api/play/${triviaId()}/bundle`);
  expect(res.status).toBe(200);
  return res.body.group.name as string;
};

describe('DATABASE_READ_URL', () => {
  it('serves the bundle, the manifest, the big screen and public rankings from the replica; a player and an admin act on the primary', async () => {
    expect(api.readReplica!.state()).toMatchObject({ inUse: true, lagMs: 0 });
    expect(await bundleTitle()).toBe(REPLICA_NAME);
    expect((await api.client().get(`/api/play/${triviaId()}/manifest.webmanifest`)).text).toContain(REPLICA_NAME);
    expect((await api.client().get(`/api/public/screens/trivia/${triviaId()}`)).body.title).toBe(REPLICA_NAME);

    // A kiosk's round reaches the primary only (sync reads and writes the primary).
    const device = await registerDevice(api);
    const play = kioskPlay(site, 1);
    const pushed = await device.push(play.mutations);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const [{ count }] = await replica.query(`SELECT count(*)::int AS count FROM players`);
    expect(count).toBe(0);

    // The document check reads the primary: the player the sync stored is known there.
    const document = play.mutations[0]!.payload as { documentTypeId: number; documentNumber: string };
    const check = await api.client().post('/api/players/validate', {
      documentTypeId: document.documentTypeId,
      documentNumber: document.documentNumber,
      companyId: site.company.id,
      questionGroupId: triviaId(),
    });
    expect(check.status).toBe(200);
    expect(check.body.player).not.toBeNull();

    // The anonymous ranking is the replica's (no one there yet); the admin's is the primary's.
    const anonymous = await api.client().get(`/api/ranking?questionGroupId=${triviaId()}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('x-total-count')).toBe('0');
    const admin = await (await api.adminClient()).get(`/api/ranking?questionGroupId=${triviaId()}`);
    expect(admin.headers.get('x-total-count')).toBe('1');

    // The kiosk's copy with the answer key: the device is checked on the primary (only it knows the
    // set-up), the copy read from the replica.
    await setUpKiosk(api, await api.adminClient(), device, triviaId());
    const keyed = await api.client().get(`/api/play/${triviaId()}/bundle`, { headers: deviceHeaders(device) });
    expect(keyed.body.group.name).toBe(REPLICA_NAME);
    expect(Object.values(keyed.body.answers).flat().some((answer) => (answer as { isCorrect?: boolean }).isCorrect === true)).toBe(true);
  });

  it('answers from the primary, without an error, while the replica is unreachable, and goes back to the replica when it returns', async () => {
    expect(await bundleTitle()).toBe(REPLICA_NAME);
    await relay.cut();
    // The first read after the cut fails on the replica and is answered by the primary.
    expect(await bundleTitle()).toBe(PRIMARY_NAME);
    expect((await api.client().get(`/api/public/screens/trivia/${triviaId()}`)).status).toBe(200);
    expect((await api.client().get(`/api/ranking?questionGroupId=${triviaId()}`)).status).toBe(200);
    expect(api.readReplica!.state().inUse).toBe(false);
    for (let i = 0; i < 5; i++) expect(await bundleTitle()).toBe(PRIMARY_NAME);
    // What an operator scrapes (docs/operations.md): out of use, and the reads the primary answered for it.
    const metrics = parseMetrics((await (await api.adminClient()).get('/metrics')).text);
    expect(sumOf(metrics, 'trivia_db_replica_in_use')).toBe(0);
    expect(sumOf(metrics, 'trivia_db_replica_fallbacks_total')).toBeGreaterThanOrEqual(1);

    await relay.restore();
    await waitFor(async () => api.readReplica!.state().inUse);
    expect(await bundleTitle()).toBe(REPLICA_NAME);
    const back = parseMetrics((await (await api.adminClient()).get('/metrics')).text);
    expect(sumOf(back, 'trivia_db_replica_in_use')).toBe(1);
    expect(sumOf(back, 'trivia_db_replica_lag_seconds')).toBe(0);
  });

  it('answers from the primary when the replica stops answering without closing its connections, and goes back when it answers', async () => {
    await waitFor(async () => (await bundleTitle()) === REPLICA_NAME);
    relay.hold();
    const started = Date.now();
    expect(await bundleTitle()).toBe(PRIMARY_NAME);
    expect(Date.now() - started).toBeLessThan(5_000);
    await waitFor(async () => !api.readReplica!.state().inUse);
    expect(await bundleTitle()).toBe(PRIMARY_NAME);
    relay.letGo();
    await waitFor(async () => api.readReplica!.state().inUse);
    expect(await bundleTitle()).toBe(REPLICA_NAME);
  });

  it('starts with a replica that is not there, reading the primary', async () => {
    const nobody = await freePort();
    const alone = await startTestApi({ DATABASE_READ_URL: `postgres://postgres:x@127.0.0.1:${nobody}/trivia` });
    try {
      expect(alone.readReplica!.state()).toMatchObject({ inUse: false, lagMs: null });
      const { trivia } = await arrange(alone.dataSource, PRIMARY_NAME);
      const res = await alone.client().get(`/api/play/${trivia.group.id}/bundle`);
      expect(res.status).toBe(200);
      expect(res.body.group.name).toBe(PRIMARY_NAME);
      expect((await alone.client().get(`/api/public/screens/trivia/${trivia.group.id}`)).status).toBe(200);
    } finally {
      await alone.close();
    }
  });
});
