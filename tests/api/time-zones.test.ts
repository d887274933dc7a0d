import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRankingEntry, Company, DrawRecord, ScreenFeed, SessionReply, TriviaRankingEntry } from '../../contract';
import { serverTimeZone } from '../../api/platform/lib/time-zone';
import { rebuildAllStandings } from '../../api/standings/refresh';
import { insertCompletedAttempt } from '../support/attempts';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';

/**
 * A company's time zone decides which day a result belongs to, on every reader: a campaign that
 * ends on 3 May counts a result played at 22:30 on 3 May in Bogotá (03:30 UTC on the 4th) once the
 * company's zone is Bogotá, and not while it is UTC. The exports write their times there and say so.
 */
let api: TestApi;
let admin: TestClient;
let companyId: number;
let trivia: number;
let campaignId: number;
let cookie: string;
/** 22:30 on 3 May in Bogotá; 3:30 on 4 May in UTC. */
const LATE_ON_MAY_3_IN_BOGOTA = new Date('2026-05-04T03:30:00Z');
/** 12:00 on 2 May everywhere in the Americas and Europe. */
const MAY_2_NOON = new Date('2026-05-02T17:00:00Z');

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  cookie = admin.cookieHeader();
  companyId = (await buildCompany(api.dataSource, { name: 'Feria Bogotá', timeZone: 'UTC' })).id;
  trivia = (await buildTrivia(api.dataSource, companyId, { questions: 1, overrides: { name: 'Noche' } })).group.id;
  const created = await admin.post('/api/campaigns', {
    name: 'Copa hasta el 3',
    companyId,
    startDate: '2026-05-01',
    endDate: '2026-05-03',
    maxAttemptsPerTrivia: 1,
    attemptSelectionMode: 'best',
  });
  campaignId = created.body.id;
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: trivia, weight: 1 })).status).toBe(201);
  const late = await buildPlayer(api.dataSource, { firstName: 'Noctámbula', lastName: 'Ruiz', fullName: 'Noctámbula Ruiz' });
  const early = await buildPlayer(api.dataSource, { firstName: 'Diurno', lastName: 'Paz', fullName: 'Diurno Paz' });
  await insertCompletedAttempt(api.dataSource, { playerId: late.id, groupId: trivia, score: 90, completedAt: LATE_ON_MAY_3_IN_BOGOTA, completionTime: 65 });
  await insertCompletedAttempt(api.dataSource, { playerId: early.id, groupId: trivia, score: 50, completedAt: MAY_2_NOON });
});
afterAll(() => api.close());

const setZone = (timeZone: string | null) => admin.patch<Company>(`/api/companies/${companyId}`, { name: 'Feria Bogotá', timeZone });
const names = (entries: { firstName: string }[]) => entries.map((e) => e.firstName).sort();

async function whatEveryReaderCounts() {
  const campaign = await admin.get<CampaignRankingEntry[]>(`/api/campaigns/${campaignId}/ranking`);
  const filtered = await admin.get<TriviaRankingEntry[]>(`/api/ranking?questionGroupId=${trivia}&dateFrom=2026-05-03&dateTo=2026-05-03`);
  const drawn = await admin.post<DrawRecord>(`/api/campaigns/${campaignId}/draws`, { prizes: 1 });
  expect(drawn.status, JSON.stringify(drawn.body)).toBe(201);
  const exported = await fetch(`${api.baseUrl}/api/campaigns/${campaignId}/ranking/export`, { headers: { Cookie: cookie } });
  return {
    campaign: names(campaign.body),
    onMay3: names(filtered.body),
    drawn: drawn.body.eligibleCount,
    exported: (await exported.text()).includes('Noctámbula Ruiz'),
  };
}

describe("a company's time zone", () => {
  it('is chosen by name, written as Intl writes it, kept when a client does not send it, and reset by an empty choice', async () => {
    const session = await admin.get<SessionReply>('/api/session');
    expect(session.body.serverTimeZone).toBe(serverTimeZone());
    const set = await setZone('america/bogota');
    expect(set.status).toBe(200);
    expect(set.body.timeZone).toBe('America/Bogota');
    const untouched = await admin.patch<Company>(`/api/companies/${companyId}`, { name: 'Feria Bogotá', description: 'sin zona en el cuerpo' });
    expect(untouched.body.timeZone).toBe('America/Bogota');
    expect((await setZone('')).body.timeZone).toBeNull();
    for (const bad of ['Bogotá', '+05:00', 'America/Nowhere', 'x'.repeat(100)]) {
      const res = await setZone(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ error: 'Elige una zona horaria de la lista' });
    }
    const created = await admin.post<Company>('/api/companies', { name: 'Feria Madrid', timeZone: 'Europe/Madrid' });
    expect(created.body.timeZone).toBe('Europe/Madrid');
  });

  it("decides the day of a result for the campaign ranking, the date filter, the draw and the export; a change recomputes the standings", async () => {
    await setZone('UTC');
    expect(await whatEveryReaderCounts()).toEqual({ campaign: ['Diurno'], onMay3: [], drawn: 1, exported: false });
    await setZone('America/Bogota');
    expect(await whatEveryReaderCounts()).toEqual({ campaign: ['Diurno', 'Noctámbula'], onMay3: ['Noctámbula'], drawn: 2, exported: true });
  });

  it("moves a dated ranking's days at once, for its later pages too (read from the ranking cache)", async () => {
    const dated = (offset: number) => admin.get<TriviaRankingEntry[]>(`/api/ranking?questionGroupId=${trivia}&dateFrom=2026-05-02&dateTo=2026-05-03&limit=1&offset=${offset}`);
    await setZone('UTC');
    const first = await dated(0);
    expect([first.headers.get('x-total-count'), names(first.body)]).toEqual(['1', ['Diurno']]);
    await setZone('America/Bogota');
    const next = await dated(1);
    expect(next.headers.get('x-total-count')).toBe('2');
    expect(next.body).toHaveLength(1);
  });

  it('is the big screen clock\'s zone', async () => {
    await setZone('America/Bogota');
    const trivias = await api.client().get<ScreenFeed>(`/api/public/screens/trivia/${trivia}`);
    const campaigns = await api.client().get<ScreenFeed>(`/api/public/screens/campaign/${campaignId}`);
    expect([trivias.body.timeZone, campaigns.body.timeZone]).toEqual(['America/Bogota', 'America/Bogota']);
  });

  it("writes the score export's times in it, says so in the header, and names the file by its day", async () => {
    await setZone('America/Bogota');
    const res = await fetch(`${api.baseUrl}/api/question-groups/${trivia}/export-scores`, { headers: { Cookie: cookie } });
    const [header, ...rows] = (await res.text()).slice(1).split('\r\n');
    expect(header).toContain(',Inicio (America/Bogota),Finalización (America/Bogota),');
    // 65 s, ending at 22:30:00 on 3 May, Bogotá time.
    expect(rows.find((row) => row.startsWith('Noctámbula Ruiz'))).toContain(',2026-05-03 22:28:55,2026-05-03 22:30:00,');
    const bogotaToday = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Bogota' }).format(new Date());
    expect(res.headers.get('content-disposition')).toContain(`puntajes_Noche_${bogotaToday}.csv`);
  });
});

describe("the analysis' hours", () => {
  it("key a round in its company's zone, the server's when it chose none, the trivia's own once the analysis pinned one; a rebuild keys them alike", async () => {
    const bogota = await buildCompany(api.dataSource, { name: 'Feria Norte', timeZone: 'America/Bogota' });
    const unset = await buildCompany(api.dataSource, { name: 'Feria Sur', timeZone: null });
    const trivias = {
      bogota: (await buildTrivia(api.dataSource, bogota.id, { questions: 1 })).group.id,
      server: (await buildTrivia(api.dataSource, unset.id, { questions: 1 })).group.id,
      pinned: (await buildTrivia(api.dataSource, bogota.id, { questions: 1 })).group.id,
    };
    await api.dataSource.query(`UPDATE question_groups SET analysis_time_zone = 'Asia/Kolkata' WHERE id = $1`, [trivias.pinned]);
    for (const groupId of Object.values(trivias)) {
      await insertCompletedAttempt(api.dataSource, { playerId: (await buildPlayer(api.dataSource)).id, groupId, score: 80, completedAt: LATE_ON_MAY_3_IN_BOGOTA });
    }
    const hours = async () => {
      const rows: { question_group_id: number; hour: string }[] = await api.dataSource.query(
        `SELECT question_group_id, to_char(analysis_hour, 'YYYY-MM-DD HH24:MI') AS hour FROM player_attempts WHERE question_group_id = ANY($1::int[])`,
        [Object.values(trivias)],
      );
      return Object.fromEntries(Object.entries(trivias).map(([name, id]) => [name, rows.find((row) => row.question_group_id === id)?.hour]));
    };
    const serverHour = new Intl.DateTimeFormat('sv-SE', { timeZone: serverTimeZone(), dateStyle: 'short', timeStyle: 'short' }).format(LATE_ON_MAY_3_IN_BOGOTA).slice(0, 14) + '00';
    const expected = { bogota: '2026-05-03 22:00', server: serverHour, pinned: '2026-05-04 09:00' };
    expect(await hours()).toEqual(expected);
    await api.dataSource.query(`UPDATE player_attempts SET analysis_hour = NULL WHERE question_group_id = ANY($1::int[])`, [Object.values(trivias)]);
    await rebuildAllStandings(api.dataSource.manager);
    expect(await hours()).toEqual(expected);
  });
});
