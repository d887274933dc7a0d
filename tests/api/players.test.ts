import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMIT_MESSAGE, DOCUMENT_NUMBER_MESSAGE, LOCATION_MESSAGE } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { documentTypeId, freshDocument, phoneHeaders, playerFlowSnapshot, playerProof } from '../support/player-flow';

let api: TestApi;
let cc: number;
let company: { id: number };
let site: { id: number };
let otherSite: { id: number };
let trivia: { id: number };
beforeAll(async () => {
  api = await startTestApi();
  cc = await documentTypeId(api.dataSource);
  company = await buildCompany(api.dataSource, { name: 'Feria Norte' });
  site = await buildLocation(api.dataSource, company.id, 'Pabellón 1');
  const other = await buildCompany(api.dataSource, { name: 'Otra Empresa' });
  otherSite = await buildLocation(api.dataSource, other.id, 'Sede Sur');
  trivia = (await buildTrivia(api.dataSource, company.id, { overrides: { maxAttempts: 2 } })).group;
});
afterAll(() => api.close());

describe('GET /api/document-types', () => {
  it('lists the seeded document types with id, name and code to anyone', async () => {
    const res = await api.client().get('/api/document-types');
    expect(res.status).toBe(200);
    expect(res.body.map((t: { code: string }) => t.code)).toEqual(['CC', 'TI', 'CE', 'PA', 'PPT']);
    expect(Object.keys(res.body[0]).sort()).toEqual(['code', 'id', 'name', 'numeric']);
  });
});

describe('POST /api/players', () => {
  it('registers a player, splitting the full name into first name and the rest', async () => {
    const documentNumber = freshDocument();
    const res = await api.client().post('/api/players', { fullName: '  Laura María Gómez ', documentTypeId: cc, documentNumber, locationId: site.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      fullName: 'Laura María Gómez',
      firstName: 'Laura',
      lastName: 'María Gómez',
      documentTypeId: cc,
      documentNumber,
      locationId: site.id,
    });
  });

  it('moves the known player to the new site, keeps the stored name (the new one waits for an admin) instead of creating a second player', async () => {
    const documentNumber = freshDocument();
    const first = await api.client().post('/api/players', { fullName: 'Ana Ruiz', documentTypeId: cc, documentNumber, locationId: site.id });
    const before = await playerFlowSnapshot(api.dataSource);
    const second = await api.client().post('/api/players', { fullName: 'Ana Lucía Ruiz', documentTypeId: cc, documentNumber, locationId: otherSite.id });
    // The stored name stays; the caller, who sent another, reads it in short form only.
    expect(second.body).toMatchObject({ id: first.body.id, fullName: 'Ana R.', lastName: 'R.', locationId: otherSite.id });
    const changes = await api.dataSource.query(`SELECT old_full_name, new_full_name FROM player_name_changes WHERE player_id = $1`, [first.body.id]);
    expect(changes).toEqual([{ old_full_name: 'Ana Ruiz', new_full_name: 'Ana Lucía Ruiz' }]);
    expect((await playerFlowSnapshot(api.dataSource)).players).toBe(before.players);
  });

  it('returns the same player when a kiosk replays a registration with its clientId, and records the alias', async () => {
    const clientId = randomUUID();
    const body = { fullName: 'Pedro Pérez', documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id, clientId };
    const first = await api.client().post('/api/players', body);
    const replay = await api.client().post('/api/players', body);
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(first.body.id);
    const aliases = await api.dataSource.query(`SELECT player_id FROM player_aliases WHERE client_id = $1`, [clientId]);
    expect(aliases).toEqual([{ player_id: first.body.id }]);
  });

  it('refuses a document number under 5 characters with the spec message and stores nothing', async () => {
    const before = await playerFlowSnapshot(api.dataSource);
    const res = await api.client().post('/api/players', { fullName: 'Corto', documentTypeId: cc, documentNumber: '1234', locationId: site.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(DOCUMENT_NUMBER_MESSAGE);
    expect(res.body.issues).toContainEqual({ path: 'documentNumber', message: DOCUMENT_NUMBER_MESSAGE });
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
  });

  it('refuses an unknown site or document type with a clear message and stores nothing', async () => {
    const before = await playerFlowSnapshot(api.dataSource);
    const noSite = await api.client().post('/api/players', { fullName: 'Sin Sede', documentTypeId: cc, documentNumber: freshDocument(), locationId: 999999 });
    expect(noSite.status).toBe(400);
    expect(noSite.body.error).toBe(LOCATION_MESSAGE);
    expect(noSite.body.issues).toEqual([{ path: 'locationId', message: LOCATION_MESSAGE }]);
    const noType = await api.client().post('/api/players', { fullName: 'Sin Tipo', documentTypeId: 999, documentNumber: freshDocument(), locationId: site.id });
    expect(noType.status).toBe(400);
    expect(noType.body.error).toBe('Selecciona un tipo de documento válido');
    expect(await playerFlowSnapshot(api.dataSource)).toEqual(before);
  });

  it('leaves a known player as stored when a registration names an unknown site', async () => {
    const player = await buildPlayer(api.dataSource, { locationId: site.id });
    const stored = async () => (await api.dataSource.query(`SELECT * FROM players WHERE id = $1`, [player.id]))[0];
    const before = await stored();
    const res = await api.client().post('/api/players', { fullName: 'Otro Nombre', documentTypeId: cc, documentNumber: player.documentNumber, locationId: 999999 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(LOCATION_MESSAGE);
    expect(await stored()).toEqual(before);
  });

  it('stores a passport number trimmed and upper-cased, so another case names the same player', async () => {
    const digits = freshDocument();
    const pa = await documentTypeId(api.dataSource, 'PA');
    const first = await api.client().post('/api/players', { fullName: 'Ana Ruiz', documentTypeId: pa, documentNumber: ` ab${digits}`, locationId: site.id });
    expect(first.status).toBe(200);
    expect(first.body.documentNumber).toBe(`AB${digits}`);
    const before = await playerFlowSnapshot(api.dataSource);
    const second = await api.client().post('/api/players', { fullName: 'Ana Ruiz', documentTypeId: pa, documentNumber: `Ab${digits}`, locationId: site.id });
    expect(second.body.id).toBe(first.body.id);
    expect((await playerFlowSnapshot(api.dataSource)).players).toBe(before.players);
  });
});

describe('POST /api/players/validate', () => {
  const validate = (documentNumber: string, companyId = company.id, documentType = cc) =>
    api.client().post('/api/players/validate', { documentTypeId: documentType, documentNumber, companyId, questionGroupId: trivia.id });

  it('answers {player: null} for an unknown document', async () => {
    const res = await validate(freshDocument());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ player: null });
  });

  it('tells only "another company" of a player whose site is another company’s, and of a player of the trivia’s company the id and "Laura G.", never phone or e-mail', async () => {
    const player = await buildPlayer(api.dataSource, { locationId: otherSite.id, phone: '3001234567', email: 'laura@example.com' });
    const res = await validate(player.documentNumber);
    expect(res.status).toBe(200);
    expect(res.body.player).toEqual({ fromOtherCompany: true });
    const otherCompanyId = (await api.dataSource.query(`SELECT company_id FROM locations WHERE id = $1`, [otherSite.id]))[0].company_id;
    const otherTrivia = (await buildTrivia(api.dataSource, otherCompanyId)).group;
    const sameCompany = await api
      .client()
      .post('/api/players/validate', { documentTypeId: cc, documentNumber: player.documentNumber, companyId: otherCompanyId, questionGroupId: otherTrivia.id });
    expect(sameCompany.body.player).toEqual({ fromOtherCompany: false, id: player.id, shortName: 'Laura G.' });
    for (const reply of [res, sameCompany]) {
      expect(reply.text).not.toContain('3001234567');
      expect(reply.text).not.toContain('laura@example.com');
      expect(reply.text).not.toContain('Gómez');
    }
  });

  it('is 403 "Límite de intentos alcanzado" naming the limit once the player has used the trivia\'s attempts', async () => {
    const player = await buildPlayer(api.dataSource, { locationId: site.id });
    for (let i = 0; i < 2; i++) {
      const attempt = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: trivia.id, totalQuestions: 5 }, { headers: await phoneHeaders(api) });
      expect(attempt.status).toBe(200);
    }
    const res = await validate(player.documentNumber);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ATTEMPT_LIMIT_MESSAGE);
    expect(res.body.details).toBe('Esta trivia permite 2 intentos por jugador');
  });

  it('finds a passport whatever the case of its number', async () => {
    const digits = freshDocument();
    const pa = await documentTypeId(api.dataSource, 'PA');
    const registered = await api.client().post('/api/players', { fullName: 'Ana Ruiz', documentTypeId: pa, documentNumber: `ab${digits}`, locationId: site.id });
    const res = await validate(`AB${digits}`, company.id, pa);
    expect(res.status).toBe(200);
    expect(res.body.player).toMatchObject({ id: registered.body.id });
    expect((await validate(` aB${digits} `, company.id, pa)).body.player.id).toBe(registered.body.id);
  });

  it('refuses a short document number with the spec message', async () => {
    const res = await validate('12');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(DOCUMENT_NUMBER_MESSAGE);
  });
});

describe('player rate limit', () => {
  it('answers 429 with Retry-After once an address spends its player requests', async () => {
    const limited = await startTestApi({ PLAYER_RATE_LIMIT: '3' });
    try {
      const body = { documentTypeId: cc, documentNumber: freshDocument(), companyId: 1, questionGroupId: 1 };
      for (let i = 0; i < 3; i++) expect((await limited.client().post('/api/players/validate', body)).status).toBe(200);
      const fourth = await limited.client().post('/api/players/validate', body);
      expect(fourth.status).toBe(429);
      expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
