import { testBundle } from './support/test-bundle';
import { type Page } from '@playwright/test';
import type { PlayerData } from '../../contract';
import { expect, test } from './fixtures';
import { postJson, signInThroughApi } from './support/admin-api';
import { seriousViolations } from './support/axe';

/** The seeded demo trivia and its company's first site. */
const DEMO_TRIVIA = 1;

/** Registers a document, then registers it again with another name: the second name waits for the admin. */
async function recordNameChange(page: Page, oldName: string, newName: string) {
  const bundle = await testBundle(DEMO_TRIVIA);
  const registration = {
    documentTypeId: bundle.documentTypes[0]!.id,
    documentNumber: `N${Date.now()}${Math.floor(Math.random() * 1000)}`,
    locationId: bundle.locations[0]!.id,
  };
  await postJson(page, '/api/players', { ...registration, fullName: oldName });
  const again = await postJson<{ fullName: string }>(page, '/api/players', { ...registration, fullName: newName });
  // The stored name stays; a registration that sent another reads it in short form only ("Rosa R.").
  expect(again.fullName).toBe(`${oldName.split(' ')[0]} ${oldName.split(' ')[1]![0]}.`);
  return registration;
}

/** The name stored for a document, as the admin's "Datos personales" reads it. */
async function storedName(page: Page, { documentTypeId, documentNumber }: { documentTypeId: number; documentNumber: string }) {
  const reply = await page.request.get(`/api/player-data?documentTypeId=${documentTypeId}&documentNumber=${encodeURIComponent(documentNumber)}`);
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as PlayerData).fullName;
}

test('an admin sees a re-registration’s name waiting beside the stored one and applies it with the keyboard; axe clean in light and dark', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInThroughApi(page);
  const stamp = Date.now();
  const rosaDocument = await recordNameChange(page, `Rosa Real ${stamp}`, `Rosa Nueva ${stamp}`);
  await recordNameChange(page, `Tomás Real ${stamp}`, `Tomás Nuevo ${stamp}`);

  await page.goto(`/ranking-admin?id=${DEMO_TRIVIA}`);
  const section = page.getByRole('region', { name: 'Cambios de nombre' });
  const rosa = section.getByRole('listitem', { name: `Cambio de nombre de Rosa Real ${stamp}` });
  await expect(rosa).toContainText(`Rosa Nueva ${stamp}`);
  await expect(rosa).toContainText('Dirección');

  // The colour scheme switched in place: the screen is not loaded again for it.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(rosa).toBeVisible();
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    expect(await seriousViolations(page, scheme, 'section[aria-labelledby="name-changes-title"]')).toEqual([]);
  }

  // Keyboard: the button is reachable and pressed with Enter; focus moves to the next change.
  const applyRosa = section.getByRole('button', { name: `Aplicar el nombre Rosa Nueva ${stamp} a Rosa Real ${stamp}` });
  await applyRosa.focus();
  await page.keyboard.press('Enter');
  await expect(rosa).toHaveCount(0);
  await expect(page.locator(':focus')).toHaveAttribute('data-apply', /\d+/);

  expect(await storedName(page, rosaDocument)).toBe(`Rosa Nueva ${stamp}`);
  await expect(section.getByRole('listitem', { name: `Cambio de nombre de Tomás Real ${stamp}` })).toBeVisible();
});
