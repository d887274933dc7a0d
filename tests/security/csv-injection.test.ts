import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { insertCompletedAttempt } from '../support/attempts';

/**
 * CSV formula injection, replayed against both exports. The probe's name "Ana\n=cmd|' /C calc'!A0"
 * (or a lone CR) used to put `=cmd…` at the start of a physical line of the scores export. Each
 * download is read as a spreadsheet would read it: split into physical lines at every CR or LF
 * (quoted or not), each line split into cells at commas, semicolons and tabs (the separators a
 * spreadsheet may pick), and no cell may start with a formula character.
 */
const CMD = "cmd|' /C calc'!A0";
/** The OWASP list: each trigger first, after blanks, and after every kind of line break. */
const PAYLOADS = [
  `=${CMD}`,
  `+${CMD}`,
  `-2+3+${CMD}`,
  `@SUM(1+9)*${CMD}`,
  `\t=${CMD}`,
  `\r=${CMD}`,
  `\n=${CMD}`,
  ` =${CMD}`,
  `Ana\n=${CMD}`,
  `Ana\r=${CMD}`,
  `Ana\r\n=${CMD}`,
  `Ana\n+${CMD}`,
  `Ana\n-${CMD}`,
  `Ana\n@SUM(1+9)*${CMD}`,
  `Ana\n\t=${CMD}`,
  `Ana\r\t+${CMD}`,
  `Ana\u2028=${CMD}`,
  `Ana\t=${CMD}`,
  `Ana;=${CMD}`,
  `Ana,=${CMD}`,
];
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/** The cells of one physical line: quotes honoured within the line only, separators `,` `;` and tab. */
function cellsOfLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** Every cell that a spreadsheet would run as a formula, with its line number. */
function formulaCells(text: string): string[] {
  const found: string[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    for (const cell of cellsOfLine(line)) {
      // A quoted cell is read as written; an unquoted one is also tried with its leading blanks trimmed.
      if (FORMULA_TRIGGER.test(cell) || FORMULA_TRIGGER.test(cell.trimStart())) found.push(`line ${index + 1}: ${JSON.stringify(cell)}`);
    }
  });
  return found;
}

/** The physical lines of a download (BOM removed), the last empty one dropped. */
const physicalLines = (text: string) => text.replace(/^\ufeff/, '').replace(/\r\n$/, '').split(/\r\n|\r|\n/);

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
});
afterAll(() => api.close());

async function download(path: string): Promise<string> {
  const res = await fetch(`${api.baseUrl}${path}`, { headers: { Cookie: admin.cookieHeader() } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer()).toString('utf8');
}

const completedAttempt = (playerId: number, groupId: number, locationId: number) =>
  insertCompletedAttempt(api.dataSource, { playerId, groupId, locationId, score: 60, totalQuestions: 5, correctAnswers: 3, completionTime: 60 });

describe('CSV exports against formula injection (OWASP list)', () => {
  it('the scores export: every hostile name and site stays on its own line, inert and readable', async () => {
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    for (const payload of PAYLOADS) {
      const site = await buildLocation(api.dataSource, company.id, payload);
      const player = await buildPlayer(api.dataSource, { fullName: payload, firstName: payload, lastName: payload, locationId: site.id });
      await completedAttempt(player.id, group.id, site.id);
    }
    const text = await download(`/api/question-groups/${group.id}/export-scores`);
    const lines = physicalLines(text);
    expect(lines).toHaveLength(1 + PAYLOADS.length);
    expect(formulaCells(text)).toEqual([]);
    // The probe's own name reads as written, its line break a space.
    expect(lines.some((line) => line.startsWith(`"Ana =${CMD}"`) || line.startsWith(`Ana =${CMD}`))).toBe(true);
  });

  it('the campaign ranking export: hostile names, sites and trivia names stay on their lines, inert', async () => {
    const company = await buildCompany(api.dataSource);
    const { group } = await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: `Trivia\n=${CMD}` } });
    for (const payload of PAYLOADS) {
      const site = await buildLocation(api.dataSource, company.id, payload);
      const player = await buildPlayer(api.dataSource, { fullName: payload, firstName: payload, lastName: payload, locationId: site.id });
      await completedAttempt(player.id, group.id, site.id);
    }
    const created = await admin.post('/api/campaigns', {
      name: 'Copa hostil',
      description: null,
      companyId: company.id,
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      maxAttemptsPerTrivia: 1,
      attemptSelectionMode: 'best',
    });
    expect(created.status).toBe(201);
    expect((await admin.post('/api/campaign-question-groups', { campaignId: created.body.id, questionGroupId: group.id, weight: 1 })).status).toBe(201);
    const text = await download(`/api/campaigns/${created.body.id}/ranking/export`);
    const lines = physicalLines(text);
    expect(lines).toHaveLength(1 + PAYLOADS.length);
    expect(lines[0]).toContain(`Trivia =${CMD} - Puntaje`);
    expect(formulaCells(text)).toEqual([]);
  });
});
