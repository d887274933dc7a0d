import { testBundle } from './support/test-bundle';
import { expect, test, E2E_ADMIN } from './fixtures';
import { PlayerPage } from './pages/player-page';
import { seriousViolations } from './support/axe';
import { setUpKioskByLink } from './support/kiosk-setup-link';
import { docsScreenshot } from './support/screenshot';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

const DEMO_TRIVIA = 1;

/** A player the server knows, registered at another booth's tablet. */
async function knownPlayer(baseURL: string, fullName: string) {
  const bundle = await testBundle(DEMO_TRIVIA);
  const documentNumber = `7${Date.now() % 1_000_000_000}`;
  const reply = await fetch(`${baseURL}/api/players`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ fullName, documentNumber, documentTypeId: bundle.documentTypes[0]!.id, locationId: bundle.locations[0]!.id }),
  });
  expect(reply.ok).toBe(true);
  return { documentNumber, documentType: bundle.documentTypes[0]!.name };
}

test('a returning player is greeted as "Ana M." on a phone and a tablet that is no kiosk, by the full name on a kiosk of the trivia; axe clean', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const ana = await knownPlayer(baseURL!, 'Ana María Martínez Rojas');
  const player = new PlayerPage(page);

  for (const { width, height, shot } of [
    { width: 390, height: 844, shot: 'player-known-short-name-phone' },
    { width: 1024, height: 768, shot: 'player-known-short-name-tablet' },
  ]) {
    await page.setViewportSize({ width, height });
    await player.goto(DEMO_TRIVIA);
    await player.enterDocument(ana.documentType, ana.documentNumber);
    await expect(page.getByText('Hola, Ana M. Estas son las reglas:')).toBeVisible();
    await expect(player.start()).toBeVisible();
    expect(await page.content()).not.toMatch(/María|Martínez|Rojas/);
    expect(await seriousViolations(page, `instructions ${width}`)).toEqual([]);
    await docsScreenshot(page, shot);
  }

  // The same browser set up by staff as a kiosk of the trivia is told the full name.
  await setUpKioskByLink(page, baseURL!, E2E_ADMIN, DEMO_TRIVIA);
  await player.toDocumentStep();
  await player.enterDocument(ana.documentType, ana.documentNumber);
  await expect(page.getByText('Hola, Ana María Martínez Rojas. Estas son las reglas:')).toBeVisible();
  expect(await seriousViolations(page, 'instructions kiosk')).toEqual([]);
  await docsScreenshot(page, 'player-known-full-name-kiosk-tablet');
});
