import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { CompaniesPage } from './pages/companies-page';
import { LoginPage } from './pages/login-page';
import { QuestionGroupsPage } from './pages/question-groups-page';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real PNG: a solid square of one colour. */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a new admin sets up a company with sites, a logo and a trivia, then cleans it all up', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const toast = page.getByTestId('toast');
  const stamp = Date.now().toString(36);
  const companyName = `Expo Andina ${stamp}`;
  const triviaName = `Trivia Seguridad ${stamp}`;

  await new LoginPage(page).goto();
  await new LoginPage(page).signIn(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/$/);

  // A company with two sites.
  const companies = new CompaniesPage(page);
  await companies.goto();
  await companies.createCompany(companyName, 'Feria de seguridad industrial');
  await expect(toast).toContainText('Company created successfully');
  await expect(companies.row(companyName)).toBeVisible();
  await companies.openLocations(companyName);
  await expect(companies.locationsPanel()).toContainText('No locations found. Add your first location above.');
  await companies.addLocation('Stand Sur');
  await expect(toast).toContainText('Location created successfully');
  await companies.addLocation('Stand Oriente');
  await expect(companies.locationsPanel().getByRole('cell', { name: 'Stand Oriente', exact: true })).toBeVisible();
  await expect(companies.locationsPanel().getByRole('cell', { name: 'Stand Sur', exact: true })).toBeVisible();

  // Its logo: refused when it is not an image, shown once uploaded.
  await companies.openEdit(companyName);
  await companies.uploadLogo({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy una imagen') });
  await expect(toast).toContainText('Por favor selecciona un archivo de imagen válido');
  await companies.uploadLogo({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(32, [109, 40, 217]) });
  await expect(toast).toContainText('Logo subido correctamente');
  const preview = companies.dialog().getByRole('img', { name: 'Logo actual' });
  await expect(preview).toHaveAttribute('src', /^\/api\/uploads\/company-\d+-[a-z0-9-]+\.png\?t=\d+$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
  await companies.dialog().getByRole('button', { name: 'Cancel' }).click();
  await expect(companies.rowLogo(companyName)).toHaveAttribute('src', /^\/api\/uploads\/company-\d+-[a-z0-9-]+\.png$/);

  // A trivia with its settings; a bad redirect URL is refused with the spec's message first.
  const groups = new QuestionGroupsPage(page);
  await groups.goto();
  await expect(page.getByText('Selecciona una empresa para ver sus grupos de preguntas')).toBeVisible();
  await groups.selectCompany(companyName);
  await expect(page.getByText('No hay grupos de preguntas para esta empresa. ¡Crea uno nuevo!')).toBeVisible();
  await groups.create().click();
  await groups.fillTrivia({
    name: triviaName,
    description: 'Normas básicas de la planta',
    instructions: '<p>Responde <strong>rápido</strong></p>',
    questionsPerRound: 3,
    maxAttempts: 2,
    completionRedirectUrl: 'ftp://example.com/fin',
    randomizeQuestions: false,
  });
  await groups.submitTrivia();
  await expect(groups.dialog().getByRole('alert').last()).toContainText('Configuración: Debe ser una URL válida');
  await groups.dialog().getByRole('tab', { name: 'Configuración' }).click();
  await groups.dialog().getByLabel('URL de redirección al terminar').fill('https://example.com/fin');
  await groups.submitTrivia();
  await expect(toast).toContainText('Grupo de preguntas creado correctamente');
  await expect(groups.card(triviaName)).toContainText('Normas básicas de la planta');
  await expect(groups.card(triviaName).getByRole('img', { name: `Logo de ${companyName}` })).toBeVisible();

  // The chosen company is kept when coming back.
  await page.goto('/');
  await groups.goto();
  await expect(groups.companySelect()).toHaveValue(/\d+/);
  await expect(groups.card(triviaName)).toBeVisible();

  // The settings were stored.
  await page.getByRole('button', { name: `Editar ${triviaName}` }).click();
  await groups.dialog().getByRole('tab', { name: 'Configuración' }).click();
  await expect(groups.dialog().getByLabel('Preguntas por ronda')).toHaveValue('3');
  await expect(groups.dialog().getByLabel('Intentos máximos')).toHaveValue('2');
  await groups.dialog().getByRole('tab', { name: 'Opciones' }).click();
  await expect(groups.dialog().getByLabel('Preguntas aleatorias')).not.toBeChecked();
  await expect(groups.dialog().getByRole('tab', { name: 'Personalizar' })).toBeVisible();
  await groups.dialog().getByRole('button', { name: 'Cancelar' }).click();

  // Copiar Link puts the public play link on the clipboard.
  const playHref = await groups.cardLink(triviaName, 'Ver Trivia').getAttribute('href');
  expect(playHref).toMatch(/^\/play-trivia\/\d+$/);
  await groups.cardButton(triviaName, 'Copiar Link').click();
  await expect(toast).toContainText('Link copiado');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${playHref}`);
  await expect(groups.cardLink(triviaName, 'Ver Ranking')).toHaveAttribute('href', playHref!.replace('/play-trivia/', '/ranking/'));

  // Descargar Puntajes saves the CSV with the dated name, a BOM and the Spanish header.
  const downloading = page.waitForEvent('download');
  await groups.cardButton(triviaName, 'Descargar Puntajes').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^puntajes_Trivia_Seguridad_${stamp}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.toString('utf8').slice(1)).toMatch(/^Nombre completo,Tipo de documento,Número de documento,Sede,Puntaje \(%\)/);
  await expect(toast).toContainText('Archivo de puntajes descargado correctamente');

  // Limpiar Datos asks the browser to confirm, naming the trivia.
  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toContain(`"${triviaName}"`);
    expect(dialog.message()).toContain('no se puede deshacer');
    await dialog.accept();
  });
  await groups.cardButton(triviaName, 'Limpiar Datos').click();
  await expect(toast).toContainText('Datos eliminados');
  await expect(toast).toContainText('Se eliminaron 0 intentos de jugadores');

  // A company that still has a trivia cannot be deleted.
  await companies.goto();
  await companies.deleteCompany(companyName);
  await expect(toast).toContainText('Failed to delete company');
  await expect(toast).toContainText('todavía tiene trivias o campañas');

  // Delete the trivia, the sites and the company, each with its confirmation.
  await groups.goto();
  await groups.deleteTrivia(triviaName);
  await expect(toast).toContainText('Grupo de preguntas eliminado correctamente');
  await expect(page.getByText('No hay grupos de preguntas para esta empresa. ¡Crea uno nuevo!')).toBeVisible();

  await companies.goto();
  await companies.openLocations(companyName);
  await companies.deleteLocation('Stand Sur');
  await expect(toast).toContainText('Location deleted successfully');
  await companies.deleteLocation('Stand Oriente');
  await expect(companies.locationsPanel()).toContainText('No locations found. Add your first location above.');
  await companies.deleteCompany(companyName);
  await expect(toast).toContainText('Company deleted successfully');
  await expect(companies.row(companyName)).toHaveCount(0);
});
