import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../contract';
import { CSV_MAX_LINES } from '../../api/content/question-import/read-csv';
import { XLSX_MAX_UNPACKED_BYTES } from '../../api/content/question-import/zip-guard';
import { startTestApi, type TestApi } from '../support/api-server';
import { bundleVersion } from '../support/bundle-version';
import { buildCompany, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';
import { PNG } from '../support/logo-uploads';
import { lyingXlsx } from '../support/lying-zip';
import { triviaContents } from '../support/trivia-contents';

let api: TestApi;
let admin: TestClient;
let companyId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  companyId = (await buildCompany(api.dataSource, { name: 'Importadora' })).id;
});
afterAll(() => api.close());

const emptyTrivia = async () => (await buildTrivia(api.dataSource, companyId, { questions: 0 })).group;
const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');
const preview = (groupId: number, bytes: Buffer | string) => admin.post(`/api/question-groups/${groupId}/questions/import/preview`, { content: base64(bytes) });
const importFile = (groupId: number, bytes: Buffer | string) => admin.post(`/api/question-groups/${groupId}/questions/import`, { content: base64(bytes) });

const contents = (groupId: number) => triviaContents(admin, groupId);

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Hoja 1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const GOOD_AND_BAD_CSV = [
  'Pregunta,Respuesta 1,Respuesta 2,Respuesta 3,Correcta',
  '"¿Año de la independencia de Colombia?",1810,1819,1821,1',
  '¿Una sola respuesta?,Sí,,,1',
  '¿Sin correcta?,A,B,C,',
  '¿Dos correctas?,A,B,C,"1,3"',
  ',A,B,,2',
  '¿Fórmula?,=1+1,B,,2',
  '¿Correcta vacía?,A,B,,3',
  '',
  '"Pregunta con ""comillas"", coma y ñ",Ñandú,Pingüino,,2',
].join('\r\n');

describe('question import: preview', () => {
  it('lists every CSV row with its problems in Spanish and stores nothing', async () => {
    const group = await emptyTrivia();
    const res = await preview(group.id, GOOD_AND_BAD_CSV);
    expect(res.status).toBe(200);
    expect(res.body.format).toBe('csv');
    expect(res.body.validCount).toBe(2);
    expect(res.body.invalidCount).toBe(6);
    const byRow = Object.fromEntries(res.body.rows.map((r: { row: number; problems: string[] }) => [r.row, r.problems]));
    expect(byRow[2]).toEqual([]);
    expect(byRow[3]).toEqual(['Tiene una sola respuesta (mínimo 2)']);
    expect(byRow[4]).toEqual(['No indica la respuesta correcta (columna Correcta)']);
    expect(byRow[5]).toEqual(['Tiene 2 respuestas correctas (1, 3); marca solo una']);
    expect(byRow[6]).toEqual(['Falta la pregunta']);
    expect(byRow[7]).toContain('La respuesta 1 es una fórmula: escribe el texto');
    expect(byRow[8]).toEqual(['La respuesta correcta (3) está vacía o no existe']);
    expect(byRow[9]).toBeUndefined(); // the blank line
    expect(res.body.rows.at(-1)).toMatchObject({
      row: 10,
      text: 'Pregunta con "comillas", coma y ñ',
      answers: [
        { text: 'Ñandú', isCorrect: false },
        { text: 'Pingüino', isCorrect: true },
      ],
      problems: [],
    });
    expect(await contents(group.id)).toEqual([]);
  });

  it('reads XLSX: a formula cell is that row’s error (never evaluated), numbers and rich text are text', async () => {
    const group = await emptyTrivia();
    const file = await xlsx([
      ['Pregunta', 'Respuesta 1', 'Respuesta 2', 'Correcta'],
      ['¿Capital de Perú?', 'Lima', 'Cusco', 1],
      [{ formula: 'CONCAT("¿","x")', result: '¿x' }, 'A', 'B', 1],
      ['¿Suma?', 'Dos', 'Tres', { formula: '1+1', result: 2 }],
      [{ richText: [{ text: '¿Río más ' }, { text: 'largo?', font: { bold: true } }] }, 'Amazonas', 'Nilo', 2],
      ['¿Demasiado largo?', 'x'.repeat(501), 'B', 2],
    ]);
    const res = await preview(group.id, file);
    expect(res.status).toBe(200);
    expect(res.body.format).toBe('xlsx');
    expect(res.body.rows.map((r: { row: number; problems: string[] }) => [r.row, r.problems])).toEqual([
      [2, []],
      [3, ['La pregunta es una fórmula: escribe el texto']],
      [4, ['La columna Correcta es una fórmula: escribe el número']],
      [5, []],
      [6, ['La respuesta 1 tiene 501 caracteres (máximo 500)']],
    ]);
    expect(res.body.rows[3].text).toBe('¿Río más largo?');
  });

  it('refuses files that are not spreadsheets, too large, with too many rows or without the columns, with their codes', async () => {
    const group = await emptyTrivia();
    const notSheet = await preview(group.id, PNG);
    expect(notSheet.status).toBe(400);
    expect(notSheet.body).toMatchObject({ code: 'import_file_unsupported', error: 'El archivo no es una hoja de cálculo CSV o XLSX' });
    // A ZIP that is not a workbook, whatever its name would say.
    const zip = Buffer.from('UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==', 'base64');
    expect((await preview(group.id, zip)).body.code).toBe('import_file_unsupported');
    expect((await preview(group.id, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]))).body.code).toBe('import_file_unsupported');

    const huge = await preview(group.id, Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'import_file_too_large', error: 'El archivo supera el máximo de 512 KB' });
    const over = await preview(group.id, Buffer.alloc(IMPORT_MAX_BYTES + 3000, 'a'));
    expect(over.status).toBe(400); // over the schema's base64 length
    expect(over.body).toMatchObject({ code: 'validation_failed', error: 'El archivo supera el máximo de 512 KB' });

    // A workbook that declares 4 KB and inflates past the limit is refused by what it really inflates.
    const unpacked = await preview(group.id, await lyingXlsx(XLSX_MAX_UNPACKED_BYTES + 1));
    expect(unpacked.status).toBe(413);
    expect(unpacked.body).toMatchObject({ code: 'import_file_too_large', error: 'El archivo XLSX es demasiado grande al descomprimirlo' });
    // …and one that inflates to just under it is read (here: a "sheet" of blanks, so no rows).
    expect((await preview(group.id, await lyingXlsx(XLSX_MAX_UNPACKED_BYTES - 1024))).body.code).not.toBe('import_file_too_large');

    // A CSV of more lines than 500 questions can need is refused before it is parsed.
    const blankLines = await preview(group.id, '\n'.repeat(CSV_MAX_LINES));
    expect(blankLines.status).toBe(400);
    expect(blankLines.body).toMatchObject({ code: 'import_too_many_rows' });

    const many = ['Pregunta,Respuesta 1,Respuesta 2,Correcta', ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `P${i},a,b,1`)].join('\n');
    const tooMany = await preview(group.id, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'import_too_many_rows', error: `El archivo tiene ${IMPORT_MAX_ROWS + 1} filas de preguntas; el máximo es ${IMPORT_MAX_ROWS}. Divídelo en varios archivos.` });

    const noColumns = await preview(group.id, 'Nombre,Apellido\nAna,Gómez');
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.code).toBe('import_columns_missing');

    const garbage = await admin.post(`/api/question-groups/${group.id}/questions/import/preview`, { content: 'no es base64!' });
    expect(garbage.status).toBe(400);
    expect(await contents(group.id)).toEqual([]);
  });

  it('reads a Spanish-locale CSV: semicolons and Windows-1252 accents', async () => {
    const group = await emptyTrivia();
    const latin1 = Buffer.from('Pregunta;Respuesta 1;Respuesta 2;Correcta\r\n¿Qué animal es el cóndor?;Ave;Pez;1\r\n', 'latin1');
    const res = await preview(group.id, latin1);
    expect(res.body.rows).toEqual([
      { row: 2, text: '¿Qué animal es el cóndor?', kind: 'choice', clockSeconds: null, picture: null, answers: [{ text: 'Ave', isCorrect: true, picture: null }, { text: 'Pez', isCorrect: false, picture: null }], problems: [] },
    ]);
  });
});

describe('question import: saving', () => {
  it('stores the valid rows after the existing questions in one go and says how many were skipped', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1, answersPerQuestion: 2 });
    const before = await bundleVersion(api, group.id);
    const res = await importFile(group.id, GOOD_AND_BAD_CSV);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ imported: 2, skipped: 6 });
    expect(await contents(group.id)).toEqual([
      { text: 'Pregunta 1', answers: [['Respuesta 1.1', true], ['Respuesta 1.2', false]] },
      { text: '¿Año de la independencia de Colombia?', answers: [['1810', true], ['1819', false], ['1821', false]] },
      { text: 'Pregunta con "comillas", coma y ñ', answers: [['Ñandú', false], ['Pingüino', true]] },
    ]);
    expect(await bundleVersion(api, group.id)).not.toBe(before);
  });

  it('stores nothing when no row is valid (422), and refuses signed-out clients and missing trivias', async () => {
    const group = await emptyTrivia();
    const res = await importFile(group.id, 'Pregunta,Respuesta 1,Correcta\n¿Sola?,A,1\n');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('import_nothing_valid');
    expect(await contents(group.id)).toEqual([]);
    expect((await api.client().post(`/api/question-groups/${group.id}/questions/import`, { content: base64('x') })).status).toBe(401);
    expect((await importFile(999999, GOOD_AND_BAD_CSV)).status).toBe(404);
  });
});

describe('question export and the template', () => {
  const tricky = [
    { text: '¿Qué significa “ñandú”? ¿Y "pingüino"?', answers: [{ text: 'Un ave; corredora', isCorrect: true }, { text: '=SUMA(A1)', isCorrect: false }, { text: '-5 °C', isCorrect: false }] },
    { text: "Línea 1\nLínea 2, con coma y 'apóstrofo'", answers: [{ text: '@usuario', isCorrect: false }, { text: "'+57 emoji 🎉", isCorrect: true }] },
    ...Array.from({ length: 3 }, (_, i) => ({
      text: `Pregunta ${i + 1} de doce respuestas`,
      answers: Array.from({ length: 10 }, (_, a) => ({ text: `Opción ${a + 1} àéîõü`, isCorrect: a === 9 - i })),
    })),
  ];

  for (const format of ['csv', 'xlsx'] as const) {
    it(`round-trips a trivia through ${format.toUpperCase()}: same questions and answers in the same order`, async () => {
      const source = await emptyTrivia();
      for (const q of tricky) {
        expect((await admin.post(`/api/question-groups/${source.id}/questions`, { text: q.text, groupId: source.id, answers: q.answers })).status).toBe(201);
      }
      const exported = await fetch(`${api.baseUrl}/api/question-groups/${source.id}/questions/export?format=${format}`, { headers: { Cookie: admin.cookieHeader() } });
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-disposition')).toContain(`filename*=UTF-8''preguntas_Trivia%20de%20prueba.${format}`);
      const bytes = Buffer.from(await exported.arrayBuffer());
      if (format === 'csv') {
        const text = bytes.toString('utf-8');
        expect(text.startsWith('\uFEFFPregunta,Respuesta 1,')).toBe(true);
        expect(text).toContain(`,'=SUMA(A1),`); // made inert for spreadsheets; the import removes the mark
      }
      const target = await emptyTrivia();
      const imported = await importFile(target.id, bytes);
      expect(imported.body).toEqual({ imported: tricky.length, skipped: 0 });
      expect(await contents(target.id)).toEqual(await contents(source.id));
      expect((await contents(target.id)).map((q) => q.text)).toEqual(tricky.map((q) => q.text));
    });
  }

  it('hands out the template in both formats, and it imports', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await fetch(`${api.baseUrl}/api/question-import/template?format=${format}`, { headers: { Cookie: admin.cookieHeader() } });
      expect(res.status).toBe(200);
      const group = await emptyTrivia();
      const result = await preview(group.id, Buffer.from(await res.arrayBuffer()));
      expect(result.body).toMatchObject({ format, validCount: 3, invalidCount: 0 });
    }
    expect((await admin.get('/api/question-import/template?format=pdf')).body.code).toBe('validation_failed');
    expect((await api.client().get('/api/question-import/template')).status).toBe(401);
  });
});

describe('import and export for a member', () => {
  it('the export holds the answer key: its organiser\'s, not its viewer\'s; another company\'s trivia is missing', async () => {
    const { group } = await buildTrivia(api.dataSource, companyId, { questions: 1 });
    const other = await buildCompany(api.dataSource, { name: 'Exportadora ajena' });
    const theirs = (await buildTrivia(api.dataSource, other.id, { questions: 1 })).group;
    const organiser = await signInAs(api, 'organiser', companyId);
    const exported = await organiser.get(`/api/question-groups/${group.id}/questions/export?format=csv`);
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('Pregunta 1');
    expect((await organiser.get('/api/question-import/template?format=csv')).status).toBe(200);
    const missing = replyOf(await organiser.get('/api/question-groups/999999/questions/export'));
    expect(missing.status).toBe(404);
    expect(replyOf(await organiser.get(`/api/question-groups/${theirs.id}/questions/export`))).toEqual(missing);
    const csv = base64('Pregunta,Respuesta 1,Respuesta 2,Correcta\n¿Sí?,Sí,No,1\n');
    expect(replyOf(await organiser.post(`/api/question-groups/${theirs.id}/questions/import`, { content: csv }))).toEqual(
      replyOf(await organiser.post('/api/question-groups/999999/questions/import', { content: csv })),
    );

    const viewer = await signInAs(api, 'viewer', companyId);
    expect(replyOf(await viewer.get(`/api/question-groups/${group.id}/questions/export`))).toEqual(ROLE_FORBIDDEN);
    expect(replyOf(await viewer.get('/api/question-import/template'))).toEqual(ROLE_FORBIDDEN);
    expect(replyOf(await viewer.post(`/api/question-groups/${group.id}/questions/import/preview`, { content: csv }))).toEqual(ROLE_FORBIDDEN);
  });
});
