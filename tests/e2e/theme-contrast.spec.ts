import { testBundle } from './support/test-bundle';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEFAULT_THEME, type QuestionGroup, type Theme } from '../../contract';
import { AA_LARGE, AA_TEXT, worstContrast } from '../../contract/contrast';
import { paintColors, parseColor, type Rgba } from '../../contract/css-colors';
import { PlayerPage } from './pages/player-page';
import { QuestionsPage } from './pages/questions-page';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { appQuery } from './support/app-database';
import { seriousViolations } from './support/axe';
import { NAVY_ON_TEAL_THEME } from '../support/unreadable-theme';
import { docsScreenshot } from './support/screenshot';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/** The seeded demo company and its demo trivia (five questions a round). */
const DEMO_COMPANY = 1;
const DEMO_TRIVIA = 1;
/** A dark theme whose header colour is white: a reasonable choice over its dark background. */
const WHITE_HEADER_THEME: Theme = { ...DEFAULT_THEME, backgroundColor: 'linear-gradient(135deg, #0f172a, #1e1b4b)', headerColor: '#ffffff' };

// axe is injected as a script, which the app's strict CSP would refuse.
test.use({ bypassCSP: true });

/**
 * The contrast of an element's text over what is painted beneath it, as the browser computed it:
 * every colour is normalised through a canvas, every background layer (colours and gradient
 * stops) from the root down is composited, and the contract's contrast rule measures the worst case.
 */
async function contrastOf(target: Locator): Promise<number> {
  const { text, layers } = await target.evaluate((element) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (value: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = '#000';
      canvas.fillStyle = value;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return `rgba(${r}, ${g}, ${b}, ${(a! / 255).toFixed(3)})`;
    };
    const found: { color: string; stops: string[] }[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const css = getComputedStyle(node);
      const stops = css.backgroundImage.includes('gradient') ? [...css.backgroundImage.matchAll(/(?:rgba?|hsla?|oklch|oklab|lab|lch|color)\([^)]*\)/g)].map((m) => rgba(m[0])) : [];
      found.push({ color: rgba(css.backgroundColor), stops });
    }
    return { text: rgba(getComputedStyle(element).color), layers: found.reverse() };
  });
  let beneath: Rgba[] = [parseColor('#ffffff')!];
  for (const layer of layers) {
    if (parseColor(layer.color)!.a > 0) beneath = paintColors(layer.color, beneath)!;
    if (layer.stops.length > 0) beneath = layer.stops.flatMap((stop) => paintColors(stop, beneath)!);
  }
  return worstContrast(text, beneath)!;
}

async function expectReadable(target: Locator, what: string) {
  await expect(target).toBeVisible();
  expect(await contrastOf(target), `${what}: contrast`).toBeGreaterThanOrEqual(AA_TEXT);
}

/** As expectReadable, with WCAG's minimum for the text's computed size: 3:1 for large text (≥ 24 px, or ≥ 18.66 px bold). */
async function expectReadableAtItsSize(target: Locator, what: string) {
  await expect(target).toBeVisible();
  const large = await target.evaluate((element) => {
    const { fontSize, fontWeight } = getComputedStyle(element);
    const px = Number.parseFloat(fontSize);
    return px >= 24 || (px >= 18.66 && Number(fontWeight) >= 700);
  });
  expect(await contrastOf(target), `${what}: contrast`).toBeGreaterThanOrEqual(large ? AA_LARGE : AA_TEXT);
}

/** A phone in dark mode, with the admin's saved dark choice too: neither may reach the player screen. */
async function darkPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
}

async function playAndCheck(page: Page, groupId: number, shot: string) {
  const bundle = await testBundle(groupId);
  const player = new PlayerPage(page);
  await player.goto(groupId);
  // The admin's dark class on <html>, whichever page script applied it (or none did).
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  // The document step: its title over the background, its heading, help text, labels and fields.
  await expectReadable(page.getByRole('heading', { level: 1, name: bundle.group.name }), 'title over the background');
  await expectReadable(page.getByRole('heading', { name: 'Identifícate para jugar' }), 'document heading');
  await expectReadable(page.getByText('Ingresa tu documento para comenzar.'), 'document help text');
  for (const label of ['Tipo de documento', 'Número de documento']) {
    await expectReadable(page.locator('label').filter({ hasText: label }), `label ${label}`);
    await expectReadable(page.getByLabel(label), `field ${label}`);
  }
  await expectReadable(player.validate(), 'Validar Documento');
  await docsScreenshot(page, shot);

  await player.enterDocument(bundle.documentTypes[0]!.name, `${Date.now()}`.slice(-10));
  await player.registerAs('Lectora Nocturna', 'Stand Principal');
  await expectReadable(page.getByRole('heading', { name: '¡Bienvenido a la trivia!' }), 'welcome heading');
  await expectReadable(page.getByText('Hola, Lectora Nocturna. Estas son las reglas:'), 'welcome text');
  await player.start().click();
  await expectReadable(player.questionText(), 'question');
  await expectReadable(player.answers().first(), 'answer');
  const total = bundle.group.questionsPerRound;
  await player.playRoundFrom(bundle, 1, Array.from({ length: total }, (_, i) => i % 2 === 0), total);
  await expectReadable(player.completed(), '¡TRIVIA COMPLETADA!');
  await expectReadable(player.score(), 'score');
  await expectReadable(page.locator('h2.player-heading'), 'result message');
}

test('on a dark-mode phone the player screen reads by its theme alone: the demo theme', async ({ page }) => {
  await darkPhone(page);
  await playAndCheck(page, DEMO_TRIVIA, 'player-dark-demo-phone');
});

test('on a dark-mode phone a white header colour over a dark background keeps the title white and the card readable', async ({ page }) => {
  await signInThroughApi(page);
  const group = await createFourQuestionTrivia(page, DEMO_COMPANY, `Noche ${Date.now()}`);
  const reply = await page.request.patch(`/api/question-groups/${group.id}/theme`, {
    data: { theme: WHITE_HEADER_THEME },
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(reply.status()).toBe(200);
  await darkPhone(page);
  await playAndCheck(page, group.id, 'player-dark-white-header-phone');
  // The title keeps the organiser's white; the headings inside the white card do not vanish.
  await page.goto(`/play-trivia/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toHaveCSS('color', 'rgb(255, 255, 255)');
});

test('the theme editor previews the real player screen, flags a failing pair with its ratio, fixes it in one click and opens the tab of a refused value', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInThroughApi(page);
  const group = await postJson<QuestionGroup>(page, `/api/companies/${DEMO_COMPANY}/question-groups`, {
    name: `Estilos ${Date.now()}`,
    companyId: DEMO_COMPANY,
    questionsPerRound: 1,
    randomizeQuestions: false,
    randomizeAnswers: false,
    maxAttempts: 0,
  });
  const questions = new QuestionsPage(page);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await questions.goto(group.id);
    await questions.openTheme();
    const editor = questions.dialog();
    const preview = questions.preview();
    // The real steps, with the theme being edited, at phone and tablet width.
    await expect(preview.getByRole('heading', { name: 'Identifícate para jugar' })).toBeVisible();
    await expect(preview.getByLabel('Tipo de documento')).toBeVisible();
    await expect(page.getByTestId('theme-preview-frame')).toHaveCSS('width', '390px');
    await editor.getByRole('button', { name: 'Tableta', exact: true }).click();
    await expect(page.getByTestId('theme-preview-frame')).toHaveCSS('width', '1024px');
    await editor.getByRole('button', { name: 'Teléfono', exact: true }).click();
    await editor.getByRole('button', { name: 'Pregunta', exact: true }).click();
    await expect(preview.locator('.player-answer[data-state="correct"]')).toContainText('Júpiter');
    await editor.getByRole('button', { name: 'Resultado', exact: true }).click();
    await expect(preview.getByTestId('result-score')).toHaveText('80%');
    // As on a phone, the result points to the ranking (the preview is inert: nothing in it is followed).
    await expect(preview.getByTestId('result-ranking-link')).toHaveText('Ver el ranking');
    // The admin's dark mode stays out of the preview as it stays out of the player screen.
    await expectReadable(preview.getByTestId('result-score'), `${colorScheme}: preview score`);
    await expect(editor.getByTestId('contrast-checks')).toContainText('se leen bien');
    await docsScreenshot(page, `theme-editor-${colorScheme}-desktop`);

    expect(await seriousViolations(page, `${colorScheme} theme editor`, '[role="dialog"]')).toEqual([]);
    await editor.getByRole('button', { name: 'Cancelar' }).click();
    await expect(editor).toHaveCount(0);
  }

  // A failing pair shows its ratio and a colour that passes; one click applies it.
  await questions.openTheme();
  const editor = questions.dialog();
  await editor.getByRole('tab', { name: 'Elementos' }).click();
  await editor.getByRole('button', { name: 'Botones' }).click();
  await editor.getByLabel('Texto del botón', { exact: true }).fill('#c4b5fd');
  const failing = editor.locator('[data-contrast-pair="button"]');
  await expect(failing).toContainText(/Texto de botones e insignias.*: [1-4]\.\d\d:1 \(mínimo 4\.50:1\)/);
  await expect(editor.getByTestId('contrast-checks')).toContainText('1 par no alcanza');
  await docsScreenshot(page, 'theme-editor-contrast-warning-desktop');
  const fix = failing.getByRole('button', { name: /^Usar #[0-9a-f]{6}$/ });
  const suggested = (await fix.textContent())!.replace('Usar', '').trim();
  await fix.click();
  await expect(editor.getByLabel('Texto del botón', { exact: true })).toHaveValue(suggested);
  await expect(editor.getByTestId('contrast-checks')).toContainText('se leen bien');
  await expect(questions.previewButton()).toHaveCSS('color', rgbOf(suggested));

  // A value that would break the CSS, on a tab not shown: saving opens its tab and says why there.
  await editor.getByRole('tab', { name: 'Colores' }).click();
  await editor.getByRole('button', { name: 'Colores de la marca' }).click();
  await editor.getByLabel('Color del encabezado', { exact: true }).fill('white;}body{display:none');
  await editor.getByRole('button', { name: 'Colores de la marca' }).click();
  await editor.getByRole('tab', { name: 'Animaciones' }).click();
  await editor.getByRole('button', { name: 'Guardar Tema' }).click();
  await expect(editor.getByRole('tab', { name: 'Colores' })).toHaveAttribute('aria-selected', 'true');
  const header = editor.getByLabel('Color del encabezado', { exact: true });
  await expect(header).toBeFocused();
  await expect(header).toHaveAccessibleDescription('Valor de estilo no válido');
  await expect(editor.getByRole('heading', { name: 'Personalización de Tema' })).toBeVisible();
});

function rgbOf(hex: string): string {
  const { r, g, b } = parseColor(hex)!;
  return `rgb(${r}, ${g}, ${b})`;
}

test('the navy-on-teal theme cannot be saved: the editor names each unreadable pair on its field and keeps the dialog, the API refuses it with theme_unreadable', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInThroughApi(page);
  const group = await createFourQuestionTrivia(page, DEMO_COMPANY, `Azul marino ${Date.now()}`);
  const storedTheme = async () => (await appQuery<{ theme: Theme | null }>('SELECT theme FROM question_groups WHERE id = $1', [group.id]))[0]!.theme;
  const before = await storedTheme();
  const questions = new QuestionsPage(page);
  await questions.goto(group.id);
  await questions.openTheme();
  const editor = questions.dialog();
  await editor.getByRole('tab', { name: 'Contenedores' }).click();
  await editor.getByRole('button', { name: 'Caja de la pregunta' }).click();
  await editor.getByLabel('Fondo de la pregunta', { exact: true }).fill(NAVY_ON_TEAL_THEME.questionBackgroundColor);
  await editor.getByLabel('Texto de la pregunta', { exact: true }).fill(NAVY_ON_TEAL_THEME.questionTextColor);
  await expect(editor.getByTestId('contrast-checks')).toContainText('no se puede guardar hasta corregirlo');
  await expect(editor.locator('[data-contrast-pair="question"]')).toContainText('Impide guardar');

  await editor.getByRole('tab', { name: 'Animaciones' }).click();
  await editor.getByRole('button', { name: 'Guardar Tema' }).click();
  // Refused before it is sent: the pair's tab opens and its field takes focus, saying why and what passes.
  await expect(editor.getByRole('tab', { name: 'Contenedores' })).toHaveAttribute('aria-selected', 'true');
  const questionText = editor.getByLabel('Texto de la pregunta', { exact: true });
  await expect(questionText).toBeFocused();
  await expect(questionText).toHaveAccessibleDescription(/^Texto de la pregunta: \d\.\d\d:1, mínimo 4\.50:1; los jugadores no podrían leerlo\. Prueba #[0-9a-f]{6}\.$/);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `${colorScheme} refused theme`, '[role="dialog"]')).toEqual([]);
    await docsScreenshot(page, `theme-editor-contrast-refused-${colorScheme}-desktop`);
  }
  expect(await storedTheme()).toEqual(before);

  // The one-click colour fixes it, and the theme saves.
  const fix = editor.locator('[data-contrast-pair="question"]').getByRole('button', { name: /^Usar #[0-9a-f]{6}$/ });
  await fix.click();
  await expect(editor.getByTestId('contrast-checks')).toContainText('se leen bien');
  await editor.getByRole('button', { name: 'Guardar Tema' }).click();
  await expect(editor).toHaveCount(0);

  // The server never trusts the editor: the same theme through the API is a 400 naming each pair.
  const reply = await page.request.patch(`/api/question-groups/${group.id}/theme`, {
    data: { theme: NAVY_ON_TEAL_THEME },
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(reply.status()).toBe(400);
  const body = (await reply.json()) as { code: string; issues: { path: string; message: string }[] };
  expect(body.code).toBe('theme_unreadable');
  expect(body.issues.map((issue) => issue.path)).toEqual(['theme.headerColor', 'theme.questionTextColor', 'theme.answerTextColor']);
});

test('a navy-on-teal theme stored before the rule reaches no phone, kiosk or big screen unreadable: title, question and answers are painted corrected', async ({ context: admin, browser }) => {
  test.setTimeout(120_000);
  await signInThroughApi(admin);
  const group = await createFourQuestionTrivia(admin, DEMO_COMPANY, `Verde azulado ${Date.now()}`);
  // As a theme saved before the rule, or copied from one: written straight into the database.
  await appQuery('UPDATE question_groups SET theme = $1 WHERE id = $2', [JSON.stringify(NAVY_ON_TEAL_THEME), group.id]);
  const bundle = await testBundle(group.id);
  const screens = [
    { shot: 'player-navy-teal-phone', viewport: { width: 390, height: 844 }, kiosk: false },
    { shot: 'player-navy-teal-kiosk-tablet', viewport: { width: 1024, height: 768 }, kiosk: true },
  ];
  for (const { shot, viewport, kiosk } of screens) {
    const context = await browser.newContext({ viewport, colorScheme: kiosk ? 'light' : 'dark' });
    const screen = await context.newPage();
    const player = new PlayerPage(screen);
    if (kiosk) await player.gotoKiosk(group.id);
    else await player.goto(group.id);
    await expectReadableAtItsSize(screen.getByRole('heading', { level: 1, name: group.name }), `${shot}: title`);
    await player.enterDocument(bundle.documentTypes[0]!.name, `${Date.now()}`.slice(-10));
    await player.registerAs('Marina Teal', 'Stand Principal');
    await player.start().click();
    await expectReadableAtItsSize(player.questionText(), `${shot}: question`);
    for (const answer of await player.answers().all()) await expectReadableAtItsSize(answer, `${shot}: answer`);
    await docsScreenshot(screen, shot);
    await context.close();
  }

  const tv = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const bigScreen = await tv.newPage();
  await bigScreen.goto(`/pantalla/trivia/${group.id}`);
  await expectReadableAtItsSize(bigScreen.getByRole('heading', { level: 1, name: group.name }), 'big screen: title');
  // The header colour paints the screen's small lines too: they must read as text, not as a title.
  await expectReadable(bigScreen.getByText(/^Ranking en vivo/), 'big screen: subtitle');
  await expectReadable(bigScreen.getByTestId('tie-rule'), 'big screen: tie rule');
  await docsScreenshot(bigScreen, 'big-screen-navy-teal-desktop');
  await tv.close();
});
