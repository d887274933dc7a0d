import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../api/platform/lib/password';
import { UserEntity } from '../../db/entities';
import { startTestApi, type TestApi } from '../support/api-server';
import { insertCompletedAttempt } from '../support/attempts';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';

/** The changes "Actividad" records, each in its request's transaction, with its author. */

let api: TestApi;
let owner: TestClient;
let ownerId: number;
beforeAll(async () => {
  api = await startTestApi();
  owner = await api.adminClient();
  ownerId = (await owner.get('/api/user')).body.id;
});
afterAll(() => api.close());

/** The newest entry of a kind, as the owner reads it. */
async function newest(kind: string) {
  const res = await owner.get(`/api/activity?kind=${kind}&limit=1`);
  expect(res.status).toBe(200);
  return res.body.entries[0];
}

describe('recorded changes', () => {
  it('an invitation: who invited whom, installation-wide', async () => {
    const res = await owner.post('/api/users', { username: 'vera.visor', firstName: 'Vera', lastName: 'Visor', email: 'vera@example.com' });
    expect(res.status).toBe(201);
    expect(await newest('user')).toMatchObject({
      author: { id: ownerId, name: 'Ana Admin' },
      companyId: null,
      objectId: res.body.user.id,
      action: 'invited',
      summary: 'Invitó a Vera Visor (vera.visor)',
      changes: { username: [null, 'vera.visor'] },
    });
    expect((await owner.post(`/api/users/${res.body.user.id}/disable`)).status).toBe(200);
    expect(await newest('user')).toMatchObject({ action: 'disabled', changes: { estado: ['Invitado', 'Desactivado'] } });
  });

  it('a question edit: its text and answers before and after; a refused edit records nothing', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Preguntas SA' });
    const trivia = await buildTrivia(api.dataSource, company.id, { questions: 1, answersPerQuestion: 2 });
    const { question, answers } = trivia.items[0]!;
    const body = {
      text: '¿Texto nuevo?',
      groupId: trivia.group.id,
      answers: [
        { id: answers[0]!.id, text: 'Sí', isCorrect: answers[0]!.isCorrect },
        { id: answers[1]!.id, text: answers[1]!.text, isCorrect: answers[1]!.isCorrect },
      ],
    };
    expect((await owner.put(`/api/questions/${question.id}`, body)).status).toBe(200);
    const entry = await newest('question');
    expect(entry).toMatchObject({ companyId: company.id, companyName: 'Preguntas SA', objectId: question.id, action: 'changed', summary: 'Editó la pregunta «¿Texto nuevo?»' });
    expect(entry.changes.text).toEqual([question.text, '¿Texto nuevo?']);
    expect(entry.changes.answers[1]).toContain('Sí');
    const refused = await owner.put(`/api/questions/${question.id}`, { ...body, answers: [{ id: 999999, text: 'x', isCorrect: true }] });
    expect(refused.status).toBe(400);
    expect((await newest('question')).id).toBe(entry.id);
  });

  it('a bulk approval: one entry naming how many results and which trivia', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Revisión SA' });
    const trivia = await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Trivia retenida' } });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const player = await buildPlayer(api.dataSource);
      ids.push(await insertCompletedAttempt(api.dataSource, { playerId: player.id, groupId: trivia.group.id, score: 10, reviewStatus: 'held', reviewReason: 'over_limit' }));
    }
    const res = await owner.post('/api/player-attempts/held/release', { questionGroupId: trivia.group.id, ids });
    expect(res.status).toBe(200);
    const entries = (await owner.get(`/api/activity?kind=review&companyId=${company.id}`)).body.entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'approved', objectId: trivia.group.id, summary: 'Aprobó 3 resultados retenidos de la trivia «Trivia retenida»', author: { id: ownerId } });
    expect(entries[0].changes.resultados[1]).toBe([...ids].sort((a, b) => a - b).join(', '));
  });

  it("a company's time zone, a trivia's deletion and its results cleared", async () => {
    const company = await buildCompany(api.dataSource, { name: 'Zona SA' });
    expect((await owner.patch(`/api/companies/${company.id}`, { name: 'Zona SA', description: null, timeZone: 'America/Bogota' })).status).toBe(200);
    expect(await newest('company')).toMatchObject({ companyId: company.id, action: 'changed', changes: { timeZone: [null, 'America/Bogota'] } });
    const trivia = await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Para borrar' } });
    expect((await owner.delete(`/api/question-groups/${trivia.group.id}/player-attempts`)).status).toBe(200);
    expect(await newest('results')).toMatchObject({ action: 'deleted', summary: 'Borró los datos de la trivia «Para borrar»: 0 resultados' });
    expect((await owner.delete(`/api/question-groups/${trivia.group.id}`)).status).toBe(200);
    expect(await newest('trivia')).toMatchObject({ action: 'deleted', objectId: trivia.group.id, companyName: 'Zona SA' });
  });

  it('a trivia copied: created in the target company, naming its source', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Copias SA' });
    const trivia = await buildTrivia(api.dataSource, company.id, { questions: 2, overrides: { name: 'Original' } });
    const res = await owner.post(`/api/question-groups/${trivia.group.id}/copy`, { companyId: company.id });
    expect(res.status).toBe(201);
    expect(await newest('trivia')).toMatchObject({ action: 'created', objectId: res.body.id, companyId: company.id, changes: { copiedFrom: [null, trivia.group.id], questions: [null, 2] } });
  });

  it('an erasure: personal, and what earlier entries kept of the person goes with them', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Datos SA' });
    const location = await buildLocation(api.dataSource, company.id);
    const player = await buildPlayer(api.dataSource, { locationId: location.id });
    await api.dataSource.query(
      `INSERT INTO activity_entries (company_id, object_kind, object_id, action, summary, changes, personal, player_ids) VALUES ($1, 'player', $2, 'changed', 'Aplicó un cambio de nombre de un jugador', $3, true, ARRAY[$2::int])`,
      [company.id, player.id, JSON.stringify({ nombre: [player.fullName, 'Otro Nombre'] })],
    );
    const res = await owner.post(`/api/player-data/${player.id}/erase`, { action: 'anonymise', confirm: player.documentNumber });
    expect(res.status).toBe(200);
    const entry = await newest('player');
    expect(entry).toMatchObject({ companyId: company.id, action: 'erased', personal: true, changes: null });
    const kept: { changes: unknown }[] = await api.dataSource.query(`SELECT changes FROM activity_entries WHERE object_kind = 'player' AND object_id = $1`, [player.id]);
    expect(kept).toEqual([{ changes: null }, { changes: null }]);
    expect(JSON.stringify(entry)).not.toContain(player.documentNumber);
  });
});

describe('changes first recorded with the rest of the admin', () => {
  it("a draw screen's setting and a picture's upload URL, each one entry in its trivia's company", async () => {
    const company = await buildCompany(api.dataSource, { name: 'Pantallas SA' });
    const trivia = await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Trivia con sorteos' } });
    const shown = await owner.put(`/api/question-groups/${trivia.group.id}/draws/screen`, { showHistory: true });
    expect(shown.body).toEqual({ showHistory: true });
    expect((await owner.post('/api/pictures/upload-url', { questionGroupId: trivia.group.id })).status).toBe(200);
    const entries = (await owner.get(`/api/activity?companyId=${company.id}`)).body.entries;
    expect(entries).toMatchObject([
      { kind: 'trivia', objectId: trivia.group.id, action: 'link', summary: 'Pidió un enlace para subir una imagen a la trivia «Trivia con sorteos»' },
      { kind: 'trivia', objectId: trivia.group.id, action: 'changed', summary: 'Mostró los sorteos de hoy en la pantalla grande de la trivia «Trivia con sorteos»', changes: { showHistory: [false, true] } },
    ]);
  });
});

describe('own-account changes', () => {
  it('a password change, sessions ended and two-step sign-in on and off: installation-wide entries, never a password, secret or code', async () => {
    const login = { username: 'cuenta.propia', password: 'cuenta-propia-clave-larga-9' };
    const users = api.dataSource.getRepository(UserEntity);
    const { id } = await users.save(users.create({ ...login, passwordHash: await hashPassword(login.password), firstName: 'Cuenta', lastName: 'Propia', email: 'cuenta@example.com', role: 'owner' }));
    const signedIn = async (password: string) => {
      const client = api.client();
      expect((await client.post('/api/login', { username: login.username, password })).status).toBe(200);
      return client;
    };
    const here = await signedIn(login.password);
    await signedIn(login.password);
    const newPassword = 'otra-clave-propia-larga-7';
    expect((await here.put('/api/account/password', { currentPassword: login.password, newPassword })).body).toEqual({ ended: 1 });
    await signedIn(newPassword);
    expect((await here.post('/api/account/sessions/end-others')).body).toEqual({ ended: 1 });
    await signedIn(newPassword);
    const other = (await here.get('/api/account/sessions')).body.find((session: { current: boolean }) => !session.current);
    expect((await here.delete(`/api/account/sessions/${other.handle}`)).status).toBe(200);
    const setup = await here.post('/api/account/second-factor/setup');
    const confirm = await here.post('/api/account/second-factor/confirm', { code: await generate({ secret: setup.body.secret }) });
    expect(confirm.status).toBe(200);
    expect((await here.post('/api/account/second-factor/disable', { proof: newPassword })).status).toBe(200);

    const entries = (await owner.get(`/api/activity?userId=${id}`)).body.entries;
    expect(entries.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Desactivó la verificación en dos pasos',
      'Activó la verificación en dos pasos',
      'Empezó a activar la verificación en dos pasos',
      'Cerró su sesión abierta en «Navegador desconocido»',
      'Cerró 1 sesión en otros dispositivos',
      'Cambió su contraseña y cerró 1 sesión en otros dispositivos',
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ companyId: null, kind: 'user', objectId: id, action: 'changed', author: { id } });
    const stored = JSON.stringify(await api.dataSource.query('SELECT summary, changes FROM activity_entries WHERE user_id = $1', [id]));
    for (const secret of [login.password, newPassword, setup.body.secret, ...confirm.body.recoveryCodes]) expect(stored).not.toContain(secret);
  });
});
