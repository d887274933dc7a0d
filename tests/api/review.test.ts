import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELD_TRIVIAS_SQL } from '../../api/results/review/held-list';
import type { TestApi } from '../support/api-server';
import { insertCompletedAttempt } from '../support/attempts';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import { heldReview, startReviewSite } from '../support/held-review';
import type { TestClient } from '../support/http-client';
import { chooseAnswers, freshDocument, offlinePlay, registerDevice, type KioskSite, type TestTrivia } from '../support/player-flow';

/** Held results one at a time: the list, a release or a discard, and the trivias with results in review. At scale: review-filters, review-bulk. */

let api: TestApi;
let admin: TestClient;
let cc: number;
let site: KioskSite['site'];
let trivia: TestTrivia;
beforeAll(async () => {
  ({ api, admin, cc, site, trivia } = await startReviewSite());
});
afterAll(() => api.close());

const { rankedIds, heldIds } = heldReview(() => ({ api, admin, cc, site, trivia }));

let nextMutationId = 1;
let device: Awaited<ReturnType<typeof registerDevice>>;
beforeAll(async () => {
  device = await registerDevice(api, api.client(), { phone: true });
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
      // A device never set up as a kiosk is a phone: "Teléfono" and the start of its id.
      device: { id: device.deviceId, kind: 'phone', name: `Teléfono ${device.deviceId.slice(0, 6).toUpperCase()}` },
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

describe('GET /api/player-attempts/held/trivias', () => {
  it('lists each trivia with completed held results, with its company and count, most first; decided, clean and unfinished ones do not count', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Feria del Libro' });
    const few = await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Pocas en revisión' } });
    const many = await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Muchas en revisión' } });
    const none = await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Sin revisión' } });
    const attempt = async (groupId: number, reviewStatus: 'clean' | 'held' | 'released' | 'discarded') => {
      const player = await buildPlayer(api.dataSource);
      return insertCompletedAttempt(api.dataSource, { playerId: player.id, groupId, score: 50, reviewStatus, reviewReason: reviewStatus === 'clean' ? null : 'implausible_time' });
    };
    await attempt(few.group.id, 'held');
    for (let i = 0; i < 3; i++) await attempt(many.group.id, 'held');
    for (const status of ['clean', 'released', 'discarded'] as const) await attempt(none.group.id, status);
    // Held but unfinished: no result to judge yet.
    await api.dataSource.query(`UPDATE player_attempts SET completed_at = NULL WHERE id = $1`, [await attempt(few.group.id, 'held')]);

    const res = await admin.get('/api/player-attempts/held/trivias');
    expect(res.status).toBe(200);
    const ours = (res.body as { questionGroupId: number }[]).filter((t) => [few.group.id, many.group.id, none.group.id].includes(t.questionGroupId));
    expect(ours).toEqual([
      { questionGroupId: many.group.id, name: 'Muchas en revisión', company: { id: company.id, name: 'Feria del Libro' }, count: 3 },
      { questionGroupId: few.group.id, name: 'Pocas en revisión', company: { id: company.id, name: 'Feria del Libro' }, count: 1 },
    ]);
    const counts = (res.body as { count: number }[]).map((t) => t.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('reads the partial index of held attempts, and is admin only', async () => {
    const plan = await api.dataSource.transaction(async (em) => {
      await em.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await em.query(`EXPLAIN ${HELD_TRIVIAS_SQL}`, [null]);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('player_attempts_held_idx');
    expect((await api.client().get('/api/player-attempts/held/trivias')).status).toBe(401);
  });
});
