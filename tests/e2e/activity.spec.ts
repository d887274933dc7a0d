import { expect, test } from './fixtures';
import type { Question } from '../../contract';
import { createFourQuestionTrivia, postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations, tabTo } from './support/axe';
import { syncHeldResults } from './support/held-results';
import { DOCS_SCREENSHOTS, docsScreenshot } from './support/screenshot';
import { testBundle } from './support/test-bundle';

/** The seeded demo company. */
const DEMO_COMPANY = 1;
const AUTHOR = 'Administrador Principal (admin)';
/** The docs' pictures: the top of the page (filters and the newest entries) at three widths; none taken without DOCS_SCREENSHOTS=1. */
const SHOT_SIZES = DOCS_SCREENSHOTS ? ([[390, 1500, 'phone'], [1024, 1200, 'tablet'], [1366, 1000, 'desktop']] as const) : [];

test('"Actividad" shows an invitation, a question edit and a bulk approval with their author; filters by kind; axe light and dark; keyboard', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInThroughApi(page);

  // The three changes, through the admin API as the screens send them.
  const stamp = Date.now();
  const invited = await postJson<{ user: { id: number } }>(page, '/api/users', {
    username: `vera.${stamp}`,
    firstName: 'Vera',
    lastName: 'Visora',
    email: `vera.${stamp}@example.com`,
    role: 'member',
  });
  const group = await createFourQuestionTrivia(page, DEMO_COMPANY, `Actividad ${stamp}`);
  const [question] = (await (await page.request.get(`/api/question-groups/${group.id}/questions`)).json()) as Question[];
  const edited = await page.request.patch(`/api/questions/${question!.id}`, {
    data: { text: `¿Cuánto es 1 + 1? Editada ${stamp}`, groupId: group.id },
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  const held = await syncHeldResults(page, await testBundle(group.id), ['Ana Lote', 'Beto Lote', 'Caro Lote']);
  await postJson(page, '/api/player-attempts/held/release', { questionGroupId: group.id, ids: held });

  // "Actividad" from the header, by keyboard.
  await page.goto('/');
  const link = page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Actividad' });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Actividad' })).toBeVisible();

  const entries = page.getByTestId('activity-entry');
  const invitation = entries.filter({ hasText: `Invitó a Vera Visora (vera.${stamp})` });
  const edit = entries.filter({ hasText: `Editó la pregunta «¿Cuánto es 1 + 1? Editada ${stamp}»` });
  const approval = entries.filter({ hasText: `Aprobó 3 resultados retenidos de la trivia «Actividad ${stamp}»` });
  for (const entry of [invitation, edit, approval]) {
    await expect(entry).toHaveCount(1);
    await expect(entry.getByTestId('activity-author')).toHaveText(AUTHOR);
  }
  await expect(invitation).toContainText('Instalación');
  await expect(invitation).toContainText(`Usuario #${invited.user.id}`);
  // The edit's text before → after.
  await expect(edit.getByRole('definition')).toContainText(`antes: ¿Cuánto es 1 + 1? (Actividad ${stamp})`);
  await expect(edit.getByRole('definition')).toContainText(`después: ¿Cuánto es 1 + 1? Editada ${stamp}`);
  await expect(approval).toContainText('Demo Eventos');

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page, `Actividad (${colorScheme})`)).toEqual([]);
    for (const [width, height, name] of SHOT_SIZES) {
      await page.setViewportSize({ width, height });
      await docsScreenshot(page, `activity-${colorScheme}-${name}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });

  // "Tipo": Pregunta, chosen by keyboard: only question entries stay.
  const kind = page.getByLabel('Tipo');
  await tabTo(page, kind);
  await kind.selectOption({ label: 'Pregunta' });
  await expect(invitation).toHaveCount(0);
  await expect(approval).toHaveCount(0);
  await expect(edit).toHaveCount(1);
  await expect(entries.first()).toContainText('Pregunta #');

  // A value with no space to wrap at (a long word, a path) wraps anyway: nothing sideways at 200 % zoom on a phone.
  const longWord = `Larguísima${'palabra'.repeat(16)}${stamp}`;
  const longEdit = await page.request.patch(`/api/questions/${question!.id}`, {
    data: { text: `¿${longWord}?`, groupId: group.id },
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(longEdit.ok(), await longEdit.text()).toBe(true);
  await page.setViewportSize({ width: 195, height: 422 });
  await page.reload();
  await expect(entries.filter({ hasText: longWord.slice(0, 40) }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
