import { expect, type Browser, type Page } from '@playwright/test';
import { PlayerPage } from '../pages/player-page';
import { QuestionGroupsPage } from '../pages/question-groups-page';
import { signInThroughApi } from './admin-api';

/** An admin makes a one-time setup link from the trivia's card ('Configurar kiosco'); returns its address. */
export async function setupLinkFromCard(page: Page, trivia: { id: number; name: string; companyName: string }): Promise<string> {
  await signInThroughApi(page);
  const groups = new QuestionGroupsPage(page);
  await groups.goto();
  await groups.selectCompany(trivia.companyName);
  await (await groups.cardAction(trivia.name, 'Configurar kiosco')).click();
  const link = page.getByTestId('kiosk-setup-link');
  await expect(link).toHaveValue(new RegExp(`/play-trivia/${trivia.id}\\?kiosk=[A-Za-z0-9_-]{32}$`));
  return link.inputValue();
}

/** The seeded demo trivia as its card shows it. */
export const DEMO_TRIVIA_CARD = { id: 1, name: 'Trivia de Cultura General', companyName: 'Demo Eventos' };

/** The PIN setUpKioskByLink gives the kiosk. */
export const KIOSK_SETUP_PIN = '246810';

/**
 * Sets the tablet on `page` up as a kiosk of the trivia, as staff do: an admin's one-time link
 * (made through the API of the server at `baseUrl`), opened on the tablet and its form filled.
 */
export async function setUpKioskByLink(page: Page, baseUrl: string, admin: { username: string; password: string }, groupId: number, name = 'Tableta del stand'): Promise<void> {
  const write = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const login = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: write, body: JSON.stringify(admin) });
  expect(login.ok).toBe(true);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const link = (await (await fetch(`${baseUrl}/api/question-groups/${groupId}/kiosk-setup`, { method: 'POST', headers: { ...write, cookie } })).json()) as { path: string };
  await page.goto(link.path);
  await completeKioskSetup(page, name, KIOSK_SETUP_PIN);
}

/** On a tablet opened at a setup link: names the kiosk, sets its PIN and sends the form, as staff do; it opens on its attract screen. */
export async function completeKioskSetup(page: Page, name: string, pin: string): Promise<void> {
  const form = page.getByTestId('kiosk-setup');
  await form.getByLabel('Nombre del kiosco').fill(name);
  await form.getByLabel('PIN (4 a 8 dígitos)').fill(pin);
  await form.getByLabel('Repite el PIN').fill(pin);
  await form.getByRole('button', { name: 'Configurar kiosco' }).click();
  await expect(page.getByTestId('kiosk-attract')).toBeVisible();
}

/**
 * A 1024 px tablet set up as a kiosk of the trivia by staff's link, at its document step, with its
 * connection then cut: where a round is played offline. The caller closes `tablet`.
 */
export async function offlineKioskTablet(browser: Browser, baseUrl: string, admin: { username: string; password: string }, groupId: number) {
  const tablet = await browser.newContext({ baseURL: baseUrl, locale: 'es-CO', viewport: { width: 1024, height: 768 } });
  try {
    const screen = await tablet.newPage();
    const kiosk = new PlayerPage(screen);
    await setUpKioskByLink(screen, baseUrl, admin, groupId);
    await kiosk.toDocumentStep();
    await tablet.setOffline(true);
    return { tablet, screen, kiosk };
  } catch (error) {
    await tablet.close();
    throw error;
  }
}
