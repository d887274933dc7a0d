import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { insertCompletedAttempt } from '../support/attempts';
import { triviaContents } from '../support/trivia-contents';

/**
 * CSV formula injection, replayed against every export: scores, campaign ranking, draw, questions.
 * The probe's name "Ana\n=cmd|' /C calc'!A0" (or a lone CR) used to put `=cmd…` at the start of a
 * physical line of the scores export, and `\u200b=…` or a fullwidth `＝…` went out unmarked. Each
 * one-line-per-row download is read as a spreadsheet would read it: split into physical lines at
 * every CR or LF (quoted or not), each line split into cells at commas, semicolons and tabs (the
 * separators a spreadsheet may pick), and no cell may start like a formula: `=`, `+`, `-`, `@` in
 * any width, after any invisible characters. The question export keeps line breaks (quoted), so it
 * is read as RFC 4180, and must import back exactly as it was.
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
  // After characters that show nothing (controls, format characters, blanks of any width), and in every width.
  `\u200b=${CMD}`,
  `\ufeff=${CMD}`,
  `\x0b=${CMD}`,
  `\x1f+${CMD}`,
  `\u00a0-2+3+${CMD}`,
  `\u2060\u200b @SUM(1+9)*${CMD}`,
  `\u3164=${CMD}`,
  `＝${CMD}`,
  `＋${CMD}`,
  `－2+3+${CMD}`,
  `＠SUM(1+9)*${CMD}`,
  `\u3000＝${CMD}`,
  `\u200b＋${CMD}`,
  `﹦${CMD}`,
  `\u2212 2+3+${CMD}`,
  `'=${CMD}`,
  `Ana\n\u200b=${CMD}`,
  `Ana\x85=${CMD}`,
  `Ana\x0b=${CMD}`,
];
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;
/** Characters that show nothing, which an importer may trim before reading a cell. */
const INVISIBLE_START = /^[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}]+/u;
/** = + - @ and the minus sign in any width: what their compatibility form (NFKC) says. */
const FORMULA_FORMS = ['=', '+', '-', '@', '\u2212'];

/** Whether a spreadsheet could run the cell: a trigger first, or a formula character in any width after invisible characters. */
const runsAsFormula = (cell: string) =>
  FORMULA_TRIGGER.test(cell) || FORMULA_FORMS.includes(cell.replace(INVISIBLE_START, '').charAt(0).normalize('NFKC'));

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
      if (runsAsFormula(cell) || runsAsFormula(cell.trimStart())) found.push(`line ${index + 1}: ${JSON.stringify(cell)}`);
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

async function downloadBytes(path: string): Promise<Buffer> {
  const res = await fetch(`${api.baseUrl}${path}`, { headers: { Cookie: admin.cookieHeader() } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
const download = async (path: string) => (await downloadBytes(path)).toString('utf8');

const completedAttempt = (playerId: number, groupId: number, locationId: number) =>
  insertCompletedAttempt(api.dataSource, { playerId, groupId, locationId, score: 60, totalQuestions: 5, correctAnswers: 3, completionTime: 60 });

/** A trivia whose players and sites are named with every payload, each with a completed attempt. */
async function hostileTrivia(overrides: Parameters<typeof buildTrivia>[2] = { questions: 1 }) {
  const company = await buildCompany(api.dataSource);
  const { group } = await buildTrivia(api.dataSource, company.id, overrides);
  for (const payload of PAYLOADS) {
    const site = await buildLocation(api.dataSource, company.id, payload);
    const player = await buildPlayer(api.dataSource, { fullName: payload, firstName: payload, lastName: payload, locationId: site.id });
    await completedAttempt(player.id, group.id, site.id);
  }
  return { company, group };
}

describe('CSV exports against formula injection (OWASP list)', () => {
  it('the scores export: every hostile name and site stays on its own line, inert and readable', async () => {
    const { group } = await hostileTrivia();
    const text = await download(`/api/question-groups/${group.id}/export-scores`);
    const lines = physicalLines(text);
    expect(lines).toHaveLength(1 + PAYLOADS.length);
    expect(formulaCells(text)).toEqual([]);
    // The probe's own name reads as written, its line break a space.
    expect(lines.some((line) => line.startsWith(`"Ana =${CMD}"`) || line.startsWith(`Ana =${CMD}`))).toBe(true);
  });

  it('the campaign ranking export: hostile names, sites and trivia names stay on their lines, inert', async () => {
    const { company, group } = await hostileTrivia({ questions: 1, overrides: { name: `Trivia\n=${CMD}` } });
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

  it('the draw export: every hostile name stays on its own line, inert', async () => {
    const { group } = await hostileTrivia();
    const draw = await admin.post(`/api/question-groups/${group.id}/draws`, { prizes: 3 });
    expect(draw.status).toBe(201);
    const text = await download(`/api/draws/${draw.body.id}/export`);
    expect(physicalLines(text)).toHaveLength(1 + PAYLOADS.length);
    expect(formulaCells(text)).toEqual([]);
    expect(text).toContain(`'＝${CMD}`);
    expect(text).toContain(`'\u200b=${CMD}`);
  });
});

/** A question of the hostile text and two answers, made unique by `n` (the import keeps every row, repeats included). */
const hostileQuestion = (text: string, n: number) => ({ text: `${text} ¿${n}?`, answers: [{ text: `${text} (sí)`, isCorrect: true }, { text: `－${n} (no)`, isCorrect: false }] });

/** A new trivia holding these questions, each written through the admin route (which trims the texts, as for any question). */
async function triviaWith(questions: ReturnType<typeof hostileQuestion>[]) {
  const { group } = await buildTrivia(api.dataSource, (await buildCompany(api.dataSource)).id, { questions: 0 });
  for (const q of questions) expect((await admin.post(`/api/question-groups/${group.id}/questions`, { ...q, groupId: group.id })).status).toBe(201);
  return group.id;
}

/** Exports a trivia's questions in `format`, imports the file into a new trivia, and gives both trivias' contents and the file. */
async function roundTrip(sourceId: number, format: 'csv' | 'xlsx') {
  const bytes = await downloadBytes(`/api/question-groups/${sourceId}/questions/export?format=${format}`);
  const { group: target } = await buildTrivia(api.dataSource, (await buildCompany(api.dataSource)).id, { questions: 0 });
  const imported = await admin.post(`/api/question-groups/${target.id}/questions/import`, { content: bytes.toString('base64') });
  expect(imported.status, imported.text).toBe(201);
  return { bytes, source: await triviaContents(admin, sourceId), target: await triviaContents(admin, target.id) };
}

/** The cells of a CSV file read as RFC 4180 (a question's line breaks are kept, quoted, so it imports as it was). */
const csvCells = (bytes: Buffer) => (parse(bytes.toString('utf8').replace(/^\ufeff/, ''), { relax_column_count: true }) as string[][]).flat();

/**
 * The payloads a question file carries both ways: the import refuses a CSV file with C0 control
 * bytes, and ExcelJS drops the controls XML cannot hold (and a lone CR), so those round-trip in
 * neither format: only tab and line feed are left.
 */
const PORTABLE_PAYLOADS = PAYLOADS.filter((payload) => !/\p{Cc}/u.test(payload.replace(/[\t\n]/g, '')));

describe('the question export against formula injection, and back through the import', () => {
  it('CSV: every cell that starts like a formula carries the mark, and the file imports back exactly as it was', async () => {
    const everyPayload = await downloadBytes(`/api/question-groups/${await triviaWith(PAYLOADS.map(hostileQuestion))}/questions/export?format=csv`);
    expect(csvCells(everyPayload).filter(runsAsFormula)).toEqual([]);
    expect(csvCells(everyPayload)).toContain(`'＝${CMD} ¿${PAYLOADS.indexOf(`＝${CMD}`)}?`);

    const { bytes, source, target } = await roundTrip(await triviaWith(PORTABLE_PAYLOADS.map(hostileQuestion)), 'csv');
    expect(csvCells(bytes).filter(runsAsFormula)).toEqual([]);
    expect(target).toEqual(source);
  });

  it('XLSX: every text is a text cell, never a formula, and the file imports back exactly as it was', async () => {
    const sourceId = await triviaWith(PORTABLE_PAYLOADS.map(hostileQuestion));
    const { bytes, source, target } = await roundTrip(sourceId, 'xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const kinds = new Set<string>();
    const kindName = (type: ExcelJS.ValueType) => Object.entries(ExcelJS.ValueType).find(([, value]) => value === type)?.[0] ?? String(type);
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => void kinds.add(kindName(cell.type))));
    expect([...kinds].sort()).toEqual(['Number', 'String']);
    expect(target).toEqual(source);
  });

  it('any question that starts like a formula, after any invisible characters, goes out marked and comes back as it was (property, seeded)', async () => {
    const invisible = fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u200b', '\u2060', '\u3000', '\u3164', '\ufeff', "'");
    const formula = fc.constantFrom('=', '+', '-', '@', '＝', '＋', '－', '＠', '﹦', '\u2212', '⁺');
    const rest = fc.string({ unit: fc.constantFrom('a', 'ñ', ' ', '"', ',', ';', "'", '\n', '=', '1', '🎉'), maxLength: 12 });
    const hostile = fc.tuple(fc.string({ unit: invisible, maxLength: 4 }), formula, rest).map(([before, start, after]) => before + start + after);
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { minLength: 1, maxLength: 4 }), async (texts) => {
        const sourceId = await triviaWith(texts.map(hostileQuestion));
        const { bytes, source, target } = await roundTrip(sourceId, 'csv');
        expect(csvCells(bytes).filter(runsAsFormula)).toEqual([]);
        expect(target).toEqual(source);
      }),
      { seed: 20_260_512, numRuns: 15 },
    );
  }, 120_000);
});
