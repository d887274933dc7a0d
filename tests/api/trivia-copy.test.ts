import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../contract';
import { refreshPlayerStandings } from '../../api/standings/refresh';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';
import { PNG, putLogoBytes, requestUploadUrl } from '../support/logo-uploads';
import { triviaContents } from '../support/trivia-contents';

let api: TestApi;
let admin: TestClient;
let companyId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  companyId = (await buildCompany(api.dataSource, { name: 'Origen' })).id;
});
afterAll(() => api.close());

/** Uploads a logo the way the admin screen does (signed URL, bytes, attach). */
async function attachLogo(groupId: number): Promise<string> {
  const uploaded = await putLogoBytes(api, await requestUploadUrl(admin, 'question-group', groupId), PNG);
  const attached = await admin.put(`/api/question-groups/${groupId}/logo`, { logoUrl: uploaded.body.logoUrl });
  expect(attached.status).toBe(200);
  return attached.body.logoPath;
}

const contents = (groupId: number) => triviaContents(admin, groupId);

async function attemptsOf(groupId: number): Promise<number> {
  const [row] = await api.dataSource.query(`SELECT count(*)::int AS n FROM player_attempts WHERE question_group_id = $1`, [groupId]);
  return row.n;
}

describe('POST /api/question-groups/:id/copy', () => {
  it('copies settings, theme, logo, questions and answers, never players or attempts', async () => {
    const theme = { ...DEFAULT_THEME, primaryColor: '#7c3aed' };
    const { group } = await buildTrivia(api.dataSource, companyId, {
      questions: 3,
      answersPerQuestion: 3,
      overrides: { name: 'Feria del libro', questionsPerRound: 2, maxAttempts: 3, randomizeAnswers: false, publicNames: 'first-initial', theme, instructions: '<p>Lee bien</p>' },
    });
    const logoPath = await attachLogo(group.id);
    const player = await buildPlayer(api.dataSource);
    await api.dataSource.query(
      `INSERT INTO player_attempts (player_id, question_group_id, score, total_questions, correct_answers, started_at, completed_at, completion_time, token_hash)
       VALUES ($1, $2, 2, 2, 2, now(), now(), 10, 'x')`,
      [player.id, group.id],
    );
    // Written around the application: bring the player's standing up to date as a completion would.
    await refreshPlayerStandings(api.dataSource.manager, player.id, group.id);

    const res = await admin.post(`/api/question-groups/${group.id}/copy`, {});
    expect(res.status).toBe(201);
    const copy = res.body;
    expect(copy).toMatchObject({
      name: 'Feria del libro (copia)',
      companyId,
      questionsPerRound: 2,
      maxAttempts: 3,
      randomizeAnswers: false,
      publicNames: 'first-initial',
      theme,
      instructions: '<p>Lee bien</p>',
    });
    expect(copy.id).not.toBe(group.id);
    expect(await contents(copy.id)).toEqual(await contents(group.id));
    expect(await attemptsOf(copy.id)).toBe(0);
    expect(await attemptsOf(group.id)).toBe(1);
    const original = await admin.get(`/api/ranking?questionGroupId=${group.id}`);
    expect(original.headers.get('x-total-count')).toBe('1');
    const copied = await admin.get(`/api/ranking?questionGroupId=${copy.id}`);
    expect(copied.status).toBe(200);
    expect(copied.headers.get('x-total-count')).toBe('0');
    expect(copied.body).toEqual([]);

    // The logo is a file of its own: deleting the original trivia (and its logo file) leaves the copy's.
    expect(copy.logoUrl).toMatch(new RegExp(`^/api/uploads/question-group-${copy.id}-[a-z0-9-]+\\.png$`));
    expect(copy.logoUrl).not.toBe(logoPath);
    expect((await admin.delete(`/api/question-groups/${group.id}`)).status).toBe(200);
    expect((await api.client().get(logoPath)).status).toBe(404);
    const served = await fetch(`${api.baseUrl}${copy.logoUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('copies into another company, keeps a long name within 150 characters, and its questions play apart', async () => {
    const other = await buildCompany(api.dataSource, { name: 'Destino' });
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 2, overrides: { name: 'Ñ'.repeat(150) } });
    const res = await admin.post(`/api/question-groups/${group.id}/copy`, { companyId: other.id });
    expect(res.status).toBe(201);
    expect(res.body.companyId).toBe(other.id);
    expect(res.body.company.name).toBe('Destino');
    expect(res.body.name).toBe(`${'Ñ'.repeat(142)} (copia)`);
    expect(res.body.logoUrl).toBeNull();
    // Editing the copy leaves the original alone.
    const copyQuestions = (await admin.get(`/api/question-groups/${res.body.id}/questions`)).body;
    expect((await admin.delete(`/api/questions/${copyQuestions[0].id}`)).status).toBe(204);
    expect(await contents(group.id)).toHaveLength(2);
  });

  it('refuses a missing trivia or company, a bad body and signed-out clients, creating nothing', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1, overrides: { name: 'Sin copia' } });
    expect((await admin.post('/api/question-groups/999999/copy', {})).status).toBe(404);
    const noCompany = await admin.post(`/api/question-groups/${group.id}/copy`, { companyId: 999999 });
    expect(noCompany.status).toBe(404);
    expect((await admin.post(`/api/question-groups/${group.id}/copy`, { companyId: 'x' })).body.code).toBe('validation_failed');
    expect((await api.client().post(`/api/question-groups/${group.id}/copy`, {})).status).toBe(401);
    const [row] = await api.dataSource.query(`SELECT count(*)::int AS n FROM question_groups WHERE name LIKE 'Sin copia%'`);
    expect(row.n).toBe(1);
  });
});

describe('"Duplicar" for a member', () => {
  it('an organiser copies within their companies; another company is missing as the source and as the destination; a viewer may not copy', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const other = await buildCompany(api.dataSource, { name: 'Destino ajeno' });
    const theirs = (await buildTrivia(api.dataSource, other.id, { questions: 1 })).group;
    const organiser = await signInAs(api, 'organiser', companyId);
    expect(await organiser.post(`/api/question-groups/${group.id}/copy`, {})).toMatchObject({ status: 201, body: { companyId } });
    const missingCompany = replyOf(await organiser.post(`/api/question-groups/${group.id}/copy`, { companyId: 999999 }));
    expect(missingCompany.status).toBe(404);
    expect(replyOf(await organiser.post(`/api/question-groups/${group.id}/copy`, { companyId: other.id }))).toEqual(missingCompany);
    const missingTrivia = replyOf(await organiser.post('/api/question-groups/999999/copy', {}));
    expect(missingTrivia.status).toBe(404);
    expect(replyOf(await organiser.post(`/api/question-groups/${theirs.id}/copy`, { companyId }))).toEqual(missingTrivia);
    const viewer = await signInAs(api, 'viewer', companyId);
    expect(replyOf(await viewer.post(`/api/question-groups/${group.id}/copy`, {}))).toEqual(ROLE_FORBIDDEN);
    expect(await api.dataSource.query(`SELECT count(*)::int AS n FROM question_groups WHERE company_id = $1`, [other.id])).toEqual([{ n: 1 }]);
  });
});
