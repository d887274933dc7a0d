import { format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerAttemptEntity } from '../../db/entities';
import { serverTimeZone } from '../../api/platform/lib/time-zone';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';

let api: TestApi;
let admin: TestClient;
let cookie: string;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  cookie = admin.cookieHeader();
});
afterAll(() => api.close());

/** The export as bytes (a text read would hide the byte-order mark). */
async function download(groupId: number) {
  const res = await fetch(`${api.baseUrl}/api/question-groups/${groupId}/export-scores`, { headers: { Cookie: cookie } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, text: bytes.toString('utf8') };
}

/** A company that chose no time zone writes its times in the server's, and says which (tests/api/time-zones.test.ts: a chosen one). */
const HEADER = `Nombre completo,Tipo de documento,Número de documento,Sede,Puntaje (%),Respuestas correctas,Total de preguntas,Tiempo (segundos),Inicio (${serverTimeZone()}),Finalización (${serverTimeZone()}),Fuera del límite de intentos,Revisión`;

async function completedAttempt(groupId: number, fullName: string, locationId: number | null, score = 60) {
  const player = await buildPlayer(api.dataSource, { fullName, locationId });
  return api.dataSource.getRepository(PlayerAttemptEntity).save({
    playerId: player.id,
    questionGroupId: groupId,
    locationId,
    totalQuestions: 5,
    score,
    correctAnswers: 3,
    startedAt: new Date('2026-03-01T10:00:00Z'),
    completedAt: new Date('2026-03-01T10:01:05Z'),
    completionTime: 65,
    tokenHash: 'x'.repeat(64),
  });
}

describe('GET /api/question-groups/:id/export-scores', () => {
  it('downloads a UTF-8 CSV with BOM, a Spanish header and the dated file name', async () => {
    const company = await buildCompany(api.dataSource);
    const site = await buildLocation(api.dataSource, company.id, 'Sede "Norte", piso 2');
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Trivia Ñandú 2026/Q1' } });
    await completedAttempt(group.id, 'José Pérez', site.id, 80);
    const { res, bytes, text } = await download(group.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = format(new Date(), 'yyyy-MM-dd'); // the server's day, in its TZ
    // The spec's ASCII name for old clients; `filename*` keeps the accents (the slash, which no file system takes, is _).
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="puntajes_Trivia__and__2026_Q1_${today}.csv"; filename*=UTF-8''puntajes_Trivia%20%C3%91and%C3%BA%202026_Q1_${today}.csv`,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    // RFC 4180: a cell with a comma or quotes is quoted, inner quotes doubled; accents survive.
    expect(lines[1]).toMatch(/^José Pérez,CC,\d+,"Sede ""Norte"", piso 2",80,3,5,65,2026-03-01 \d\d:00:00,2026-03-01 \d\d:01:05,No,$/);
    // Start and end in the server's time zone, exactly as date-fns writes them.
    const local = (iso: string) => format(new Date(iso), 'yyyy-MM-dd HH:mm:ss');
    expect(lines[1]).toContain(`,${local('2026-03-01T10:00:00Z')},${local('2026-03-01T10:01:05Z')},`);
  });

  it('exports a cell that starts like a formula inert, with a leading apostrophe', async () => {
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    await completedAttempt(group.id, '=HYPERLINK("http://evil.example","clic")', null);
    await completedAttempt(group.id, '+1+2', null);
    await completedAttempt(group.id, '@SUM(A1)', null);
    await completedAttempt(group.id, '-3', null);
    const { text } = await download(group.id);
    const names = text.slice(1).split('\r\n').slice(1, 5).map((line) => line.split(',')[0]);
    expect(names).toEqual(['"\'=HYPERLINK(""http://evil.example""', "'+1+2", "'@SUM(A1)", "'-3"]);
    expect(text).not.toMatch(/(^|,|\r\n)[=+@-]/);
  });

  it('streams every completed attempt across pages, leaving out unfinished ones', async () => {
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    const player = await buildPlayer(api.dataSource, { fullName: 'Jugador Frecuente' });
    await api.dataSource.query(
      `INSERT INTO player_attempts (player_id, question_group_id, total_questions, score, correct_answers, started_at, completed_at, completion_time, token_hash)
       SELECT $1, $2, 5, n % 101, 2, now(), CASE WHEN n % 10 = 0 THEN NULL ELSE now() END, 30, repeat('x', 64)
         FROM generate_series(1, 2500) AS n`,
      [player.id, group.id],
    );
    const { res, text } = await download(group.id);
    expect(res.status).toBe(200);
    const rows = text.slice(1).trimEnd().split('\r\n');
    expect(rows).toHaveLength(1 + 2250);
  });

  it('is a header-only file for a trivia without attempts, 404 when missing, 401 signed out', async () => {
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 0 });
    expect((await download(group.id)).text).toBe(`\ufeff${HEADER}\r\n`);
    const missing = await admin.get('/api/question-groups/999999/export-scores');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('No se encontró la trivia.');
    expect((await api.client().get(`/api/question-groups/${group.id}/export-scores`)).status).toBe(401);
  });
});
