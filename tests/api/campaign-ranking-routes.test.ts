import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRankingEntry } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { mayCup, seedMayCup } from '../support/may-cup';

/** Where the May cup's ranking (tests/support/may-cup.ts) is read: one trivia's view, the public routes, the CSV export. */

let api: TestApi;
let admin: TestClient;
let campaignId: number;
let companyId: number;
let t1: number;
let t2: number;
let t3: number;
let norte: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  ({ campaignId, companyId, t1, t2, t3, norte } = await seedMayCup(api, admin));
});
afterAll(() => api.close());

const { useMode, ranking } = mayCup(() => ({ api, admin, campaignId, companyId }));

describe('campaign ranking of one trivia (questionGroupId)', () => {
  it('ranks the players with a score for that trivia by it, then by its time, with paging and the full count', async () => {
    await useMode('best');
    // T1 selected scores: Ana 90, Carla 80, Beto 70. T2: Beto 90, Ana 80, Carla 70.
    const byT1 = await ranking(`?questionGroupId=${t1}`);
    expect(byT1.body.map((e) => [e.position, e.firstName, e.bestScores[t1]])).toEqual([
      [1, 'Ana', 90],
      [2, 'Carla', 80],
      [3, 'Beto', 70],
    ]);
    const byT2 = await ranking(`?questionGroupId=${t2}`);
    expect(byT2.body.map((e) => [e.position, e.firstName, e.bestScores[t2]])).toEqual([
      [1, 'Beto', 90],
      [2, 'Ana', 80],
      [3, 'Carla', 70],
    ]);
    // Each row still carries the player's campaign totals (Beto: 70×2 + 90).
    expect(byT2.body[0]).toMatchObject({ totalScore: 230, attemptsCount: { [t1]: 2, [t2]: 1 } });

    const page = await ranking(`?questionGroupId=${t2}&limit=1&offset=1`);
    expect(page.body.map((e) => [e.position, e.firstName])).toEqual([[2, 'Ana']]);
    expect(page.headers.get('x-total-count')).toBe('3');
  });

  it('leaves out players without a counted attempt at that trivia under the filters', async () => {
    await useMode('best');
    // At Norte Ana never played T2 (hers was at Sur): only Beto and Carla rank for it.
    const res = await ranking(`?questionGroupId=${t2}&locationId=${norte}`);
    expect(res.body.map((e) => e.firstName)).toEqual(['Beto', 'Carla']);
    expect(res.headers.get('x-total-count')).toBe('2');
  });

  it('ranks by the score the campaign\'s mode selected for that trivia', async () => {
    await useMode('last');
    // Last counted T1: Ana 90 (her 2nd), Carla 80, Beto 55 (his 2nd).
    // Average mode: T1 Ana mean(60, 90) = 75, Carla 80, Beto mean(70, 55) = 62.5 → Carla, Ana, Beto.
    expect((await ranking(`?questionGroupId=${t1}`)).body.map((e) => e.firstName)).toEqual(['Ana', 'Carla', 'Beto']);
    await useMode('average');
    expect((await ranking(`?questionGroupId=${t1}`)).body.map((e) => [e.firstName, e.bestScores[t1]])).toEqual([
      ['Carla', 80],
      ['Ana', 75],
      ['Beto', 62.5],
    ]);
    await useMode('best');
  });

  it('is the same for anyone on the public route, and a 400 for a trivia outside the campaign', async () => {
    await useMode('best');
    const open = await api.client().get<CampaignRankingEntry[]>(`/api/public/campaigns/${campaignId}/ranking?questionGroupId=${t1}`);
    expect(open.status).toBe(200);
    expect(open.body).toEqual((await ranking(`?questionGroupId=${t1}`)).body);
    for (const client of [admin, api.client()]) {
      const prefix = client === admin ? '' : '/public';
      const res = await client.get(`/api${prefix}/campaigns/${campaignId}/ranking?questionGroupId=${t3}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('La trivia no está en la campaña');
    }
  });
});

describe('public campaign routes', () => {
  it('anyone reads the campaign and its ranking; the admin variant needs a session', async () => {
    const visitor = api.client();
    const campaign = await visitor.get(`/api/public/campaigns/${campaignId}`);
    expect(campaign.status).toBe(200);
    expect(Object.keys(campaign.body).sort()).toEqual(['companyId', 'description', 'endDate', 'id', 'name', 'startDate']);
    expect(campaign.body).toMatchObject({ name: 'Copa de Mayo', startDate: '2026-05-01', endDate: '2026-05-03' });

    await useMode('best');
    const open = await visitor.get(`/api/public/campaigns/${campaignId}/ranking?locationId=${norte}`);
    expect(open.status).toBe(200);
    expect(open.body).toEqual((await ranking(`?locationId=${norte}`)).body);

    expect((await visitor.get(`/api/campaigns/${campaignId}/ranking`)).status).toBe(401);
    expect((await visitor.get(`/api/campaigns/${campaignId}/ranking/export`)).status).toBe(401);
  });

  it('an unknown campaign is a 404 with the spec\'s text', async () => {
    for (const path of ['/api/public/campaigns/999999', '/api/public/campaigns/999999/ranking']) {
      const res = await api.client().get(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Campaña no encontrada');
    }
    expect((await admin.get('/api/campaigns/999999/ranking')).status).toBe(404);
  });
});

describe('GET /api/campaigns/{id}/ranking/export', () => {
  it('downloads the ranking\'s rows, formula-safe, with a score and attempt count per trivia', async () => {
    await useMode('best');
    const res = await fetch(`${api.baseUrl}/api/campaigns/${campaignId}/ranking/export?locationId=${norte}`, {
      headers: { Cookie: admin.cookieHeader() },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ranking_Copa_de_Mayo_\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''ranking_Copa%20de%20Mayo_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Posición,Nombre completo,Nombre,Apellido,Sede,Puntos totales,Respuestas correctas,Tiempo promedio (segundos),Historia - Puntaje,Historia - Intentos,Ciencia - Puntaje,Ciencia - Intentos',
      // Carla's last name is "=1+1": a spreadsheet must show it, not compute it.
      "1,Carla =1+1,Carla,'=1+1,Norte,230,15,35,80,1,70,1",
      '2,Ana Ríos,Ana,Ríos,Norte,180,9,50,90,2,,0',
      '3,Beto Paz,Beto,Paz,Norte,90,9,60,,0,90,1',
    ]);
  });
});
