import { expect, test } from './fixtures';
import type { Company } from '../../contract';
import { postJson, signInThroughApi } from './support/admin-api';
import { QuestionGroupsPage } from './pages/question-groups-page';
import { docsScreenshot } from './support/screenshot';
import { brokenWords } from './support/text-lines';

/** "Trivias" (/packages) at an event's size, on a desktop and on phones. */

test('/packages at event size: 23 trivias fit in about 2,000 px at 1366 px and read on a phone without sideways scroll', async ({ browser, page }) => {
  test.setTimeout(240_000);
  await signInThroughApi(page);
  const stamp = Date.now().toString(36);
  const company = await postJson<Company>(page, '/api/companies', { name: `Feria del Libro ${stamp}`, description: 'Una feria con muchas trivias' });
  const topics = ['Historia de Colombia', 'Ciencia para niños', 'Fútbol mundial', 'Música latina', 'Geografía', 'Cine', 'Tecnología', 'Gastronomía'];
  for (let i = 0; i < 23; i++) {
    await postJson(page, `/api/companies/${company.id}/question-groups`, {
      name: `${topics[i % topics.length]}, día ${1 + (i % 3)}${i % 5 === 0 ? ' (edición especial para el público infantil)' : ''}`,
      description:
        i % 3 === 0
          ? 'Para el público general del stand: las normas de la feria, los premios de cada día, los horarios y lo que hay que saber antes de jugar, en la tableta del stand o desde el celular.'
          : `Trivia ${i + 1} de la feria`,
      companyId: company.id,
      questionsPerRound: 5,
      randomizeQuestions: true,
      randomizeAnswers: true,
      maxAttempts: 0,
    });
  }
  const groups = new QuestionGroupsPage(page);
  const size = () => page.evaluate(() => ({ height: document.documentElement.scrollHeight, sideways: document.documentElement.scrollWidth - window.innerWidth }));

  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`/packages?company=${company.id}`);
  await expect(page.getByRole('article')).toHaveCount(23, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Ver más' }).first()).toBeVisible();
  const desktop = await size();
  console.log(`/packages, 23 trivias at 1366 px: ${desktop.height} px tall`);
  expect(desktop.height).toBeLessThanOrEqual(2000);
  expect(desktop.sideways).toBeLessThanOrEqual(0);
  // Each card: three buttons and "Más acciones".
  const card = groups.card(`${topics[1]}, día 2`);
  await expect(card.getByRole('link')).toHaveText(['Ver Preguntas', 'Ver Ranking', 'Resultados']);
  await expect(card.getByRole('button', { name: /^Más acciones de / })).toBeVisible();
  await docsScreenshot(page, 'packages-desktop', { fullPage: true });

  const storageState = await page.context().storageState();
  for (const phone of [
    { width: 390, height: 900, colorScheme: 'dark' as const, shot: 'packages-phone-dark' },
    { width: 195, height: 422, colorScheme: 'light' as const, shot: 'packages-zoom-200' },
  ]) {
    const context = await browser.newContext({ viewport: { width: phone.width, height: phone.height }, deviceScaleFactor: phone.width === 195 ? 4 : 1, colorScheme: phone.colorScheme, storageState });
    const narrow = await context.newPage();
    await narrow.goto(`/packages?company=${company.id}`);
    await expect(narrow.getByRole('article')).toHaveCount(23, { timeout: 30_000 });
    const seen = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(seen, `${phone.width} px: no sideways scroll`).toBeLessThanOrEqual(0);
    // No word of a trivia's name is cut across two lines.
    const cutWords = await brokenWords(narrow, '[role="article"] h2');
    expect(cutWords, `${phone.width} px: words of trivia names cut across lines`).toEqual([]);
    // The phone's first screen (the whole page is about 4,000 px).
    if (phone.shot) await docsScreenshot(phone.width === 195 ? narrow.getByRole('article').first() : narrow, phone.shot);
    await context.close();
  }
});
