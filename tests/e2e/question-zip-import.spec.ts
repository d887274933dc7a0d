import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { expect, test } from './fixtures';
import type { Company, QuestionGroup } from '../../contract';
import { photo } from '../support/picture-uploads';
import { QuestionsPage } from './pages/questions-page';
import { postJson, signInThroughApi, uploadPicture } from './support/admin-api';
import { tabTo } from './support/axe';
import { reviewScreen } from './support/screen-review';

/**
 * Questions with pictures move from one trivia to another as the organiser would do it: "Excel con
 * imágenes (ZIP)" out of one, the same ZIP (with one more row, whose picture is not a picture) into
 * the other through "Importar preguntas" (docs/question-import.md).
 */

test.setTimeout(240_000);

const STAND_ALT = 'El stand azul con su letrero encendido';
const LOGO_ALT = 'Logo de la marca, un círculo naranja';

const trivia = (page: Page, company: Company, name: string) =>
  postJson<QuestionGroup>(page, `/api/companies/${company.id}/question-groups`, { name, companyId: company.id, questionsPerRound: 2 });

/** The exported ZIP with one more row naming `rota.jpg`, a text file the server will refuse as a picture. */
async function withBrokenPicture(zipBytes: Buffer): Promise<Buffer> {
  const files = unzipSync(new Uint8Array(zipBytes));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(files['preguntas.xlsx']!.buffer as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const row: (string | number)[] = header.map(() => '');
  const set = (column: string, value: string | number) => (row[header.indexOf(column)] = value);
  set('Pregunta', '¿Qué muestra la foto rota?');
  set('Respuesta 1', 'Nada');
  set('Respuesta 2', 'Todo');
  set('Correcta', 1);
  set('Imagen', 'rota.jpg');
  set('Texto alternativo', 'Una foto que no es una foto');
  sheet.addRow(row);
  files['preguntas.xlsx'] = new Uint8Array(await workbook.xlsx.writeBuffer());
  files['imagenes/rota.jpg'] = new TextEncoder().encode('esto no es una imagen');
  return Buffer.from(zipSync(files));
}

test('an organiser moves picture questions to another trivia through a ZIP, and a picture the server refuses keeps only its row out', async ({ page }) => {
  await signInThroughApi(page);
  const company = await postJson<Company>(page, '/api/companies', { name: `Fotos ZIP ${Date.now()}`, description: 'Feria' });
  const source = await trivia(page, company, `Origen ${Date.now()}`);
  const stand = await uploadPicture(page, source.id, await photo(1600, 1000, 2));
  const logo = await uploadPicture(page, source.id, await photo(600, 600, 5));
  await postJson(page, `/api/question-groups/${source.id}/questions`, {
    text: '¿Cuál es nuestro stand?',
    groupId: source.id,
    picture: { name: stand.name, alt: STAND_ALT },
    answers: [{ text: 'El azul', isCorrect: true }, { text: 'El rojo' }],
  });
  await postJson(page, `/api/question-groups/${source.id}/questions`, {
    text: '¿Cuál es nuestro logo?',
    groupId: source.id,
    answers: [{ text: 'Este', isCorrect: true, picture: { name: logo.name, alt: LOGO_ALT } }, { text: 'Ninguno' }],
  });

  // Out of the first trivia, as the organiser downloads it.
  const questions = new QuestionsPage(page);
  await questions.goto(source.id);
  await page.getByRole('button', { name: 'Exportar preguntas' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel con imágenes (ZIP)' }).click();
  const zip = await withBrokenPicture(await readFile((await (await download).path())!));

  // Into the second: every row with its pictures, drawn from the ZIP, before anything is stored.
  const target = await trivia(page, company, `Destino ${Date.now()}`);
  await questions.goto(target.id);
  const opener = page.getByRole('button', { name: 'Importar preguntas' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = questions.dialog();
  await dialog.getByLabel('Archivo CSV, XLSX o ZIP').setInputFiles({ name: 'preguntas con fotos.zip', mimeType: 'application/zip', buffer: zip });
  const status = dialog.getByRole('status').filter({ hasText: 'listas para importar' });
  await expect(status).toContainText('ZIP · XLSX · 3 imágenes');
  await expect(status).toContainText('3 preguntas listas para importar');
  const rows = dialog.getByRole('list', { name: 'Filas del archivo' });
  for (const alt of [STAND_ALT, LOGO_ALT]) {
    await expect.poll(() => rows.getByRole('img', { name: alt }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }

  // Importing uploads the pictures first: the one that is not a picture is refused, and only its row drops out.
  await dialog.getByRole('button', { name: 'Importar 3 preguntas' }).click();
  await expect(status).toContainText('1 imagen no se pudo subir: sus filas no se importarán');
  await expect(status).toContainText('2 preguntas listas para importar');
  await expect(rows.getByRole('listitem', { name: /con problemas/ })).toContainText(
    'La imagen «imagenes/rota.jpg» no se pudo subir: El archivo no es una imagen JPG, PNG, GIF, WebP o AVIF',
  );
  // The preview with pictures, in light and dark, at three widths and 200 % zoom.
  await reviewScreen(page, 'question-zip-import', { zoomShot: true });

  const confirm = dialog.getByRole('button', { name: 'Importar 2 preguntas' });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(questions.toast()).toContainText('Se importaron 2 preguntas');
  await expect(questions.toast()).toContainText('Se omitió 1 fila con problemas');
  await expect(dialog).toBeHidden();

  // The second trivia's questions carry the pictures and their alt text, served from the server.
  await expect(questions.cards()).toHaveCount(2);
  for (const [card, alt] of [
    ['¿Cuál es nuestro stand?', STAND_ALT],
    ['¿Cuál es nuestro logo?', LOGO_ALT],
  ] as const) {
    const thumbnail = questions.card(card).getByRole('img', { name: alt });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/api\/pictures\/p[0-9a-f]{24}-\d+\.webp$/);
  }
});
