import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_PICTURES, type ImportPreview, type Picture, type QuestionWithAnswers } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { photo, putPictureBytes, requestPictureUrl } from '../support/picture-uploads';

/**
 * A ZIP of questions (docs/question-import.md): the browser opens it, uploads each picture through
 * the picture upload and sends the workbook with what the ZIP held; the server reads the picture
 * columns against it and places the stored pictures with their alt text.
 */

let api: TestApi;
let admin: TestClient;
let companyId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  companyId = (await buildCompany(api.dataSource, { name: 'Fotos y preguntas' })).id;
});
afterAll(() => api.close());

const emptyTrivia = async () => (await buildTrivia(api.dataSource, companyId, { questions: 0 })).group.id;
const uploaded = async (group: number, bytes: Uint8Array): Promise<Picture> => {
  const res = await putPictureBytes(api, await requestPictureUrl(admin, group), bytes);
  expect(res.status, res.text).toBe(201);
  return res.body as Picture;
};
const content = (bytes: Buffer) => bytes.toString('base64');
const preview = (group: number, body: object) => admin.post(`/api/question-groups/${group}/questions/import/preview`, body);
const importZip = (group: number, body: object) => admin.post(`/api/question-groups/${group}/questions/import`, body);
/** The trivia's questions with their answers, as the question editor reads them. */
async function questionsOf(group: number): Promise<QuestionWithAnswers[]> {
  const questions = (await admin.get(`/api/question-groups/${group}/questions`)).body as QuestionWithAnswers[];
  const answers = (await admin.get(`/api/questions/${group}/all-answers`)).body as Record<string, QuestionWithAnswers['answers']>;
  return questions.map((question) => ({ ...question, answers: answers[question.id] ?? [] }));
}

/** A trivia with two picture questions, exported as the organiser downloads it: the ZIP's workbook and pictures. */
async function exportedZip() {
  const group = await emptyTrivia();
  const [cover, logo] = [await uploaded(group, await photo(1800, 1200, 3)), await uploaded(group, await photo(500, 500, 4))];
  const create = (body: object) => admin.post(`/api/question-groups/${group}/questions`, { groupId: group, ...body });
  expect((await create({ text: '¿Qué muestra la foto?', picture: { name: cover.name, alt: 'Un estand azul' }, answers: [{ text: 'Un estand', isCorrect: true, picture: { name: logo.name, alt: 'Logo' } }, { text: 'Un coche' }] })).status).toBe(201);
  expect((await create({ text: '¿Y este logo?', answers: [{ text: 'Nuestro', isCorrect: true }, { text: 'Otro', picture: { name: logo.name, alt: 'Logo ajeno' } }] })).status).toBe(201);
  const res = await fetch(`${api.baseUrl}/api/question-groups/${group}/questions/export?format=zip`, { headers: { Cookie: admin.cookieHeader() } });
  const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
  const workbook = await zip.file('preguntas.xlsx')!.async('nodebuffer');
  const pictures = new Map<string, Buffer>();
  for (const name of Object.keys(zip.files).filter((name) => name.startsWith('imagenes/'))) pictures.set(name, await zip.file(name)!.async('nodebuffer'));
  return { workbook, pictures, cover, logo };
}

async function workbookOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Preguntas');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('importing a ZIP of questions with their pictures', () => {
  it('reads the picture columns against the ZIP\'s files, then places the uploaded pictures with their alt text', async () => {
    const { workbook, pictures, cover, logo } = await exportedZip();
    const files = [...pictures.keys()];
    const target = await emptyTrivia();

    const checked = await preview(target, { content: content(workbook), pictureFiles: files });
    expect(checked.status, checked.text).toBe(200);
    const { rows, validCount } = checked.body as ImportPreview;
    expect(validCount).toBe(2);
    expect(rows[0]).toMatchObject({
      text: '¿Qué muestra la foto?',
      picture: { file: `imagenes/${cover.name}.jpg`, alt: 'Un estand azul' },
      answers: [{ text: 'Un estand', picture: { file: `imagenes/${logo.name}.jpg`, alt: 'Logo' } }, { text: 'Un coche', picture: null }],
      problems: [],
    });
    // The same workbook alone: its pictures are nowhere, and each row says so.
    const alone = (await preview(target, { content: content(workbook) })).body as ImportPreview;
    expect(alone.validCount).toBe(0);
    expect(alone.rows[0]!.problems).toContain(`La imagen «imagenes/${cover.name}.jpg» no está: importa un ZIP con la hoja y sus imágenes`);

    // Each picture goes through the picture upload (checked and processed by the server), once.
    const stored: Record<string, string> = {};
    for (const [file, bytes] of pictures) stored[file] = (await uploaded(target, bytes)).name;
    const done = await importZip(target, { content: content(workbook), pictures: stored });
    expect(done.status, done.text).toBe(201);
    expect(done.body).toEqual({ imported: 2, skipped: 0 });

    const [first, second] = await questionsOf(target);
    expect(first!.picture).toEqual({ name: stored[`imagenes/${cover.name}.jpg`], width: 1200, height: 800, alt: 'Un estand azul' });
    expect(first!.answers.map((answer) => answer.picture?.alt ?? null)).toEqual(['Logo', null]);
    expect(second!.answers.map((answer) => answer.picture?.name ?? null)).toEqual([null, stored[`imagenes/${logo.name}.jpg`]]);
    // A stored picture is served to players.
    expect((await api.client().get(`/api/pictures/${stored[`imagenes/${cover.name}.jpg`]}-400.webp`)).status).toBe(200);
  });

  it('finds a picture by its file name in any folder of the ZIP, and says which rows name a missing one or lack alt text', async () => {
    const target = await emptyTrivia();
    const workbook = await workbookOf([
      ['Pregunta', 'Respuesta 1', 'Respuesta 2', 'Correcta', 'Imagen', 'Texto alternativo', 'Imagen 1', 'Texto alternativo 1', 'Imagen 2', 'Texto alternativo 2'],
      ['¿Foto en otra carpeta?', 'Sí', 'No', 1, 'estand.JPG', 'El estand', '', '', '', ''],
      ['¿Sin texto alternativo?', 'Sí', 'No', 1, 'estand.jpg', '', '', '', '', ''],
      ['¿Foto que no está?', 'Sí', 'No', 1, 'falta.png', 'Nada', '', '', '', ''],
      ['¿Imagen sin respuesta?', 'Sí', '', 1, '', '', '', '', 'logo.png', 'Logo'],
      ['¿Solo texto alternativo?', 'Sí', 'No', 2, '', 'Sobra', '', '', '', ''],
    ]);
    const { rows } = (await preview(target, { content: content(workbook), pictureFiles: ['fotos/Estand.jpg', 'logo.png'] })).body as ImportPreview;
    expect(rows.map((row) => [row.picture?.file ?? null, row.problems])).toEqual([
      ['fotos/Estand.jpg', []],
      ['fotos/Estand.jpg', ['Falta el texto alternativo de la imagen de la pregunta']],
      ['falta.png', ['La imagen «falta.png» no está en el ZIP']],
      [null, expect.arrayContaining(['La imagen de la respuesta 2 no tiene respuesta: escribe también su texto'])],
      [null, []],
    ]);

    // A picture the server refused is not in the import's map: its row is skipped.
    const picture = await uploaded(target, await photo(300, 200, 9));
    const done = await importZip(target, { content: content(workbook), pictureFiles: ['fotos/Estand.jpg', 'logo.png'], pictures: { 'logo.png': picture.name } });
    expect(done.body).toEqual({ imported: 1, skipped: 4 });
    expect((await questionsOf(target)).map((question) => [question.text, question.picture])).toEqual([['¿Solo texto alternativo?', null]]);
  });

  it('refuses a picture that is not stored, naming its file, and stores nothing', async () => {
    const target = await emptyTrivia();
    const workbook = await workbookOf([
      ['Pregunta', 'Respuesta 1', 'Respuesta 2', 'Correcta', 'Imagen', 'Texto alternativo'],
      ['¿Inventada?', 'Sí', 'No', 1, 'foto.jpg', 'Una foto'],
    ]);
    const forged = await importZip(target, { content: content(workbook), pictures: { 'foto.jpg': `p${'0'.repeat(24)}` } });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'validation_failed', issues: [{ path: 'pictures.foto.jpg', message: 'La imagen ya no existe: súbela de nuevo' }] });
    expect(await questionsOf(target)).toEqual([]);

    const notAName = await importZip(target, { content: content(workbook), pictures: { 'foto.jpg': '../../etc/passwd' } });
    expect(notAName.status).toBe(400);
    const tooMany = await preview(target, { content: content(workbook), pictureFiles: Array.from({ length: IMPORT_MAX_PICTURES + 1 }, (_, i) => `${i}.jpg`) });
    expect(tooMany.body).toMatchObject({ code: 'validation_failed', message: `El ZIP tiene más de ${IMPORT_MAX_PICTURES} imágenes: divídelo en varios` });
  });
});
