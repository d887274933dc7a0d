import { expect, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { QuestionGroupsPage } from '../pages/question-groups-page';

/** An admin makes a one-time setup link from the trivia's card ('Configurar kiosco'); returns its address. */
export async function setupLinkFromCard(page: Page, trivia: { id: number; name: string; companyName: string }): Promise<string> {
  await new LoginPage(page).signInAsAdmin();
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
