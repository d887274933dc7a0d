import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { chooseAnswers, documentTypeId, freshDocument, offlinePlay, registerDevice, type TestTrivia } from '../support/player-flow';

let api: TestApi;
let admin: TestClient;
let cc: number;
let site: { id: number };
let trivia: TestTrivia;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  cc = await documentTypeId(api.dataSource);
  const company = await buildCompany(api.dataSource);
  site = await buildLocation(api.dataSource, company.id, 'Pabellón 1');
  trivia = await buildTrivia(api.dataSource, company.id, { questions: 3 });
});
afterAll(() => api.close());

let nextMutationId = 1;
let device: Awaited<ReturnType<typeof registerDevice>>;
beforeAll(async () => {
  device = await registerDevice(api);
});

/** A kiosk result synced with a time of 0: stored, held for review (implausible_time). */
async function heldResult(correct = 3) {
  const play = offlinePlay({
    firstMutationId: nextMutationId,
    documentTypeId: cc,
    documentNumber: freshDocument(),
    locationId: site.id,
    questionGroupId: trivia.group.id,
    answers: chooseAnswers(trivia, correct),
    completionTime: 0,
  });
  nextMutationId += 3;
  const res = await device.push(play.mutations);
  expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
  return res.body.results[1].id as number;
}

const rankedIds = async () =>
  ((await api.client().get(`/api/ranking?questionGroupId=${trivia.group.id}&includeDuplicates=true`)).body as { id: number }[]).map((e) => e.id);
const heldIds = async () => ((await admin.get(`/api/player-attempts/held?questionGroupId=${trivia.group.id}`)).body as { id: number }[]).map((e) => e.id);

describe('GET /api/player-attempts/held', () => {
  it('lists a trivia\'s held attempts with player, score, time and reason', async () => {
    const id = await heldResult(2);
    const res = await admin.get(`/api/player-attempts/held?questionGroupId=${trivia.group.id}`);
    expect(res.status).toBe(200);
    expect(res.body.find((e: { id: number }) => e.id === id)).toEqual({
      id,
      playerId: expect.any(Number),
      firstName: 'Laura',
      lastName: 'María Gómez',
      location: { name: 'Pabellón 1' },
      score: 67,
      correctAnswers: 2,
      totalQuestions: 3,
      completionTime: 0,
      startedAt: expect.any(String),
      completedAt: expect.any(String),
      reason: 'implausible_time',
    });
  });

  it('is 401 signed out and 400 without a trivia', async () => {
    expect((await api.client().get(`/api/player-attempts/held?questionGroupId=${trivia.group.id}`)).status).toBe(401);
    const bad = await admin.get('/api/player-attempts/held');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
  });
});

describe('POST /api/player-attempts/:id/release and /discard', () => {
  it('releases a held attempt: it ranks from then on, and the decision records who and when', async () => {
    const id = await heldResult();
    expect(await rankedIds()).not.toContain(id);
    const res = await admin.post(`/api/player-attempts/${id}/release`);
    expect(res.status).toBe(200);
    const [me] = await api.dataSource.query(`SELECT id FROM users WHERE username = 'admin'`);
    expect(res.body).toEqual({ id, reviewStatus: 'released', reviewReason: 'implausible_time', reviewedBy: me.id, reviewedAt: expect.any(String) });
    expect(await rankedIds()).toContain(id);
    expect(await heldIds()).not.toContain(id);
  });

  it('discards a held attempt: it never ranks, and the row is kept', async () => {
    const id = await heldResult();
    const res = await admin.post(`/api/player-attempts/${id}/discard`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, reviewStatus: 'discarded', reviewReason: 'implausible_time' });
    expect(await rankedIds()).not.toContain(id);
    expect(await heldIds()).not.toContain(id);
    const [row] = await api.dataSource.query(`SELECT review_status, score FROM player_attempts WHERE id = $1`, [id]);
    expect(row).toEqual({ review_status: 'discarded', score: 100 });
  });

  it('is final: a second decision, or one on an attempt never held, is 409 attempt_not_held', async () => {
    const id = await heldResult();
    await admin.post(`/api/player-attempts/${id}/discard`);
    const again = await admin.post(`/api/player-attempts/${id}/release`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('attempt_not_held');
    expect(await rankedIds()).not.toContain(id);
  });

  it('is 404 for an unknown attempt, 401 signed out, 403 without the CSRF header', async () => {
    const id = await heldResult();
    expect((await admin.post('/api/player-attempts/999999/release')).status).toBe(404);
    expect((await api.client().post(`/api/player-attempts/${id}/release`)).status).toBe(401);
    const noHeader = await admin.post(`/api/player-attempts/${id}/release`, undefined, { withoutMarker: true });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.code).toBe('csrf_header_missing');
    expect(await heldIds()).toContain(id);
  });

  it('shows the review state in the score export', async () => {
    const held = await heldResult();
    const res = await admin.get(`/api/question-groups/${trivia.group.id}/export-scores`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('En revisión (Tiempo no plausible)');
    await admin.post(`/api/player-attempts/${held}/release`);
    expect((await admin.get(`/api/question-groups/${trivia.group.id}/export-scores`)).text).toContain('Aprobado (Tiempo no plausible)');
  });
});
