import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { insertCompletedAttempt } from '../support/attempts';
import { buildPlayer, buildTrivia } from '../support/factories';
import { buildIdentitySite, identityRequests, type IdentitySite } from '../support/identity-site';
import type { TestClient } from '../support/http-client';
import { freshDocument, type TestTrivia } from '../support/player-flow';

/** "Unir jugadores": players one document names, stored apart before the one-identity rule (player-identity), merged by an admin. */

let api: TestApi;
let admin: TestClient;
let cc: number;
let company: IdentitySite['company'];
let site: IdentitySite['site'];
let trivia: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  ({ cc, company, site, trivia } = await buildIdentitySite(api.dataSource));
});
afterAll(() => api.close());

const { validate } = identityRequests(() => ({ api, cc, company, site, trivia }));

describe('Unir jugadores', () => {
  /** Players stored apart before the rule: written around the API, which no longer can. */
  async function storedApart(number: string) {
    const [consent] = await api.dataSource.query(
      `INSERT INTO consent_texts (company_id, version, text) VALUES ($1, (SELECT coalesce(max(version), 0) + 1 FROM consent_texts WHERE company_id = $1), 'Acepto') RETURNING id, version`,
      [company.id],
    );
    const kept = await buildPlayer(api.dataSource, { documentNumber: number, fullName: 'Laura Gómez', locationId: site.id });
    const zeroed = await buildPlayer(api.dataSource, {
      documentNumber: `0${number}`,
      fullName: 'Laura M. Gómez',
      locationId: site.id,
      consentTextId: consent.id,
      consentedAt: new Date('2026-03-01T10:00:00Z'),
    });
    const dashed = await buildPlayer(api.dataSource, { documentNumber: `${number.slice(0, 3)}-${number.slice(3)}`, fullName: 'Laura Gómez', locationId: site.id });
    return { kept, zeroed, dashed, consent };
  }

  it('lists the players one document names, merges them into the chosen one with their attempts, consent and name history, records it, and ranks one row', async () => {
    const number = freshDocument();
    const { kept, zeroed, dashed, consent } = await storedApart(number);
    await insertCompletedAttempt(api.dataSource, { playerId: kept.id, groupId: trivia.group.id, score: 40, locationId: site.id });
    await insertCompletedAttempt(api.dataSource, { playerId: zeroed.id, groupId: trivia.group.id, score: 90, locationId: site.id });
    await insertCompletedAttempt(api.dataSource, { playerId: dashed.id, groupId: trivia.group.id, score: 70, locationId: site.id });
    await api.dataSource.query(`INSERT INTO player_name_changes (player_id, old_full_name, new_full_name, source) VALUES ($1, 'Laura M. Gómez', 'Laura María Gómez', 'address 1')`, [zeroed.id]);
    const alias = randomUUID();
    await api.dataSource.query(`INSERT INTO player_aliases (client_id, player_id) VALUES ($1, $2)`, [alias, dashed.id]);

    const before = await admin.get(`/api/ranking?questionGroupId=${trivia.group.id}`);
    expect(before.body.filter((row: { playerId: number }) => [kept.id, zeroed.id, dashed.id].includes(row.playerId))).toHaveLength(3);

    const duplicates = await admin.get('/api/player-duplicates');
    expect(duplicates.status).toBe(200);
    const group = duplicates.body.find((g: { documentNumber: string }) => g.documentNumber === number);
    expect(group).toMatchObject({ documentTypeId: cc, documentTypeCode: 'CC' });
    expect(group.players.map((p: { id: number; documentNumber: string; attempts: number }) => [p.id, p.documentNumber, p.attempts])).toEqual([
      [kept.id, number, 1],
      [zeroed.id, `0${number}`, 1],
      [dashed.id, `${number.slice(0, 3)}-${number.slice(3)}`, 1],
    ]);

    const merged = await admin.post('/api/player-merges', { keepPlayerId: kept.id, playerIds: [kept.id, zeroed.id, dashed.id] });
    expect(merged.status).toBe(201);
    expect(merged.body).toMatchObject({ keptPlayerId: kept.id, mergedPlayerIds: [zeroed.id, dashed.id], documentTypeId: cc, attemptsMoved: 2, mergedBy: 'admin' });

    const [attempts] = await api.dataSource.query(`SELECT count(*)::int AS n FROM player_attempts WHERE player_id = $1`, [kept.id]);
    expect(attempts.n).toBe(3);
    expect(await api.dataSource.query(`SELECT id FROM players WHERE id = ANY($1::int[])`, [[zeroed.id, dashed.id]])).toEqual([]);
    const [player] = await api.dataSource.query(`SELECT document_number, consent_text_id FROM players WHERE id = $1`, [kept.id]);
    expect(player).toEqual({ document_number: number, consent_text_id: consent.id });
    const changes = await admin.get('/api/player-name-changes');
    expect(
      changes.body.filter((c: { playerId: number }) => c.playerId === kept.id).map((c: { newFullName: string }) => c.newFullName).sort(),
    ).toEqual(['Laura M. Gómez', 'Laura María Gómez']);
    expect(await api.dataSource.query(`SELECT player_id FROM player_aliases WHERE client_id = $1`, [alias])).toEqual([{ player_id: kept.id }]);

    const after = await admin.get(`/api/ranking?questionGroupId=${trivia.group.id}`);
    const rows = after.body.filter((row: { playerId: number }) => [kept.id, zeroed.id, dashed.id].includes(row.playerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ playerId: kept.id, score: 90 });

    const records = await admin.get('/api/player-merges');
    expect(records.body[0]).toMatchObject({ id: merged.body.id, keptPlayerId: kept.id, mergedPlayerIds: [zeroed.id, dashed.id] });
    expect((await admin.get('/api/player-duplicates')).body.find((g: { documentNumber: string }) => g.documentNumber === number)).toBeUndefined();
    const check = await validate(`${number}-`);
    expect(check.body.player.id).toBe(kept.id);
  });

  it('refreshes the campaign standings the moved attempts touch', async () => {
    const created = await admin.post('/api/campaigns', {
      name: 'Campaña identidad',
      companyId: company.id,
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      maxAttemptsPerTrivia: 3,
      attemptSelectionMode: 'best',
    });
    expect(created.status).toBe(201);
    const campaign = created.body.id;
    const other = await buildTrivia(api.dataSource, company.id);
    expect((await admin.post('/api/campaign-question-groups', { campaignId: campaign, questionGroupId: other.group.id, weight: 1 })).status).toBe(201);
    const number = freshDocument();
    const { kept, zeroed, dashed } = await storedApart(number);
    await insertCompletedAttempt(api.dataSource, { playerId: zeroed.id, groupId: other.group.id, score: 80, locationId: site.id });
    await insertCompletedAttempt(api.dataSource, { playerId: dashed.id, groupId: other.group.id, score: 60, locationId: site.id });
    const ours = (body: { playerId: number }[]) => body.filter((row) => [kept.id, zeroed.id, dashed.id].includes(row.playerId));
    expect(ours((await admin.get(`/api/campaigns/${campaign}/ranking`)).body)).toHaveLength(2);

    const merged = await admin.post('/api/player-merges', { keepPlayerId: dashed.id, playerIds: [kept.id, zeroed.id, dashed.id] });
    expect(merged.status).toBe(201);
    const rows = ours((await admin.get(`/api/campaigns/${campaign}/ranking`)).body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ playerId: dashed.id });
    const [stored] = await api.dataSource.query(`SELECT document_number FROM players WHERE id = $1`, [dashed.id]);
    expect(stored.document_number).toBe(number);
  });

  it('refuses players of two documents, or a group that leaves out the holder of the number, with 409 player_merge_invalid; needs a session', async () => {
    const a = await buildPlayer(api.dataSource, { documentNumber: freshDocument() });
    const b = await buildPlayer(api.dataSource, { documentNumber: freshDocument() });
    const mixed = await admin.post('/api/player-merges', { keepPlayerId: a.id, playerIds: [a.id, b.id] });
    expect(mixed.status).toBe(409);
    expect(mixed.body.code).toBe('player_merge_invalid');

    const number = freshDocument();
    const { kept, zeroed, dashed } = await storedApart(number);
    const partial = await admin.post('/api/player-merges', { keepPlayerId: zeroed.id, playerIds: [zeroed.id, dashed.id] });
    expect(partial.status).toBe(409);
    expect(partial.body.code).toBe('player_merge_invalid');
    const [{ n }] = await api.dataSource.query(`SELECT count(*)::int AS n FROM players WHERE id = ANY($1::int[])`, [[kept.id, zeroed.id, dashed.id]]);
    expect(n).toBe(3);

    const outsider = await api.client().post('/api/player-merges', { keepPlayerId: kept.id, playerIds: [kept.id, zeroed.id] });
    expect(outsider.status).toBe(401);
    const noMarker = await admin.post('/api/player-merges', { keepPlayerId: kept.id, playerIds: [kept.id, zeroed.id, dashed.id] }, { withoutMarker: true });
    expect(noMarker.body.code).toBe('csrf_header_missing');
    const keepOutside = await admin.post('/api/player-merges', { keepPlayerId: 999999, playerIds: [kept.id, zeroed.id] });
    expect(keepOutside.status).toBe(400);
    expect(keepOutside.body.code).toBe('validation_failed');
  });
});
