import { expect, test } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { QuestionGroupsPage } from './pages/question-groups-page';
import { createFourQuestionTrivia, signInThroughApi } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { DOCS_SCREENSHOTS, docsFullPageScreenshot } from './support/screenshot';
import { testBundle } from './support/test-bundle';

/** The seeded demo company. */
const DEMO_COMPANY = { id: 1, name: 'Demo Eventos' };
/** The widths of the docs' pictures (DOCS_SCREENSHOTS=1). */
const WIDTHS = [
  { name: 'phone', width: 390 },
  { name: 'tablet', width: 1024 },
  { name: 'desktop', width: 1366 },
];

// axe is injected as a script, which the app's strict CSP would refuse.
test.use({ bypassCSP: true });

test('instructions typed by keyboard in the trivia dialog reach the player formatted; a typed or pasted script or handler never does', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInThroughApi(page);
  const trivia = await createFourQuestionTrivia(page, DEMO_COMPANY.id, `Instrucciones ${Date.now()}`);
  const groups = new QuestionGroupsPage(page);
  await groups.goto();
  await groups.selectCompany(DEMO_COMPANY.name);
  await (await groups.cardAction(trivia.name, 'Editar')).click();
  await expect(groups.dialog().getByRole('heading', { name: 'Editar Trivia' })).toBeVisible();

  // Typed: a bold line by Ctrl+B, then a list from the toolbar reached by keyboard (Shift+Tab, arrows, Enter).
  const editor = groups.instructions();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('Trae tu documento');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  const toolbar = groups.instructionsToolbar();
  await expect(toolbar.getByRole('button', { name: 'Negrita' })).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  const bulletList = toolbar.getByRole('button', { name: 'Lista con viñetas' });
  await expect(bulletList).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bulletList).toHaveAttribute('aria-pressed', 'true');
  // The button hands the focus back to the text, where typing goes on.
  await expect(editor).toBeFocused();
  await page.keyboard.type('Una respuesta por pregunta');
  await page.keyboard.press('Enter');
  // Typed markup stays text: it is shown as written, never parsed.
  await page.keyboard.type('<img src=x onerror="window.__xss=1">');
  await expect(editor.locator('strong')).toHaveText('Trae tu documento');
  await expect(editor.locator('ul > li')).toHaveCount(2);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const { name, width } of DOCS_SCREENSHOTS ? WIDTHS : []) {
      await page.setViewportSize({ width, height: 900 });
      await docsFullPageScreenshot(page, `trivia-dialog-instructions-${colorScheme}-${name}`);
    }
    expect(await seriousViolations(page, `${colorScheme} trivia dialog`, '[role="dialog"]')).toEqual([]);
  }
  await groups.submitTrivia();
  await expect(groups.dialog()).toHaveCount(0);

  // Stored HTML opens in the editor as formatted text; the typed markup is still text.
  await (await groups.cardAction(trivia.name, 'Editar')).click();
  await expect(groups.instructions().locator('strong')).toHaveText('Trae tu documento');
  await expect(groups.instructions().locator('ul > li')).toHaveText(['Una respuesta por pregunta', '<img src=x onerror="window.__xss=1">']);
  // Pasted after it, out of the list: the bold and the list survive, the image with its handler and the script do not.
  await groups.instructions().click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await groups.pasteInstructions('<p><b>Lee bien</b></p><ul><li>Sin ayuda</li></ul><img src=x onerror="window.__xss=2"><script>window.__xss=3</script>', 'end');
  await expect(groups.instructions().locator('strong')).toHaveText(['Trae tu documento', 'Lee bien']);
  await expect(groups.instructions().locator('img, script')).toHaveCount(0);
  await groups.submitTrivia();
  await expect(groups.dialog()).toHaveCount(0);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const playerPage = await phone.newPage();
  const player = new PlayerPage(playerPage);
  const bundle = await testBundle(trivia.id);
  await player.goto(trivia.id);
  await player.enterDocument(bundle.documentTypes[0]!.name, `${Date.now()}`.slice(-10));
  await player.registerAs('Lectora Atenta', 'Stand Principal');
  const instructions = playerPage.getByTestId('group-instructions');
  await expect(instructions.locator('strong')).toHaveText(['Trae tu documento', 'Lee bien']);
  await expect(instructions.locator('li')).toHaveText(['Una respuesta por pregunta', '<img src=x onerror="window.__xss=1">', 'Sin ayuda']);
  await expect(instructions.locator('img, script')).toHaveCount(0);
  expect(await playerPage.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await phone.close();
});
