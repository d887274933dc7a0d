import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_ADMIN } from './fixtures';
import { AdminShell } from './pages/admin-shell';
import { CampaignsPage } from './pages/campaigns-page';
import { CompaniesPage } from './pages/companies-page';
import { LoginPage } from './pages/login-page';
import { PlayerPage } from './pages/player-page';
import { QuestionGroupsPage } from './pages/question-groups-page';

/** Collects every Content Security Policy violation the page reports, from the console and as events. */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('Content Security Policy') || text.includes('Refused to')) violations.push(`console: ${text}`);
  });
  await page.exposeFunction('__reportCspViolation', (line: string) => violations.push(`event: ${line}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

test.describe('signing in and out', () => {
  test('a wrong password shows "Login failed" with the server message and stays on /auth', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(E2E_ADMIN.username, 'not-the-password');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Login failed');
    await expect(toast).toContainText('Usuario o contraseña incorrectos');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the printed credentials reach the dashboard, and Logout returns to /auth', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AdminShell(page);
    await login.goto();
    await login.signIn(E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(shell.greeting()).toContainText('Administrador Principal');
    await expect(shell.triviasLink()).toHaveAttribute('href', '/packages');
    await shell.logout().click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('after a toast appears, F8 moves focus to the region named exactly "Notifications"', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(E2E_ADMIN.username, 'not-the-password');
    await expect(page.getByTestId('toast')).toContainText('Login failed');
    const region = page.getByRole('region', { name: 'Notifications', exact: true });
    await expect(region).toHaveCount(1);
    await page.keyboard.press('F8');
    await expect(region.getByRole('list')).toBeFocused();
  });

  test('a protected route sends a signed-out visitor to /auth and back there after login', async ({ page }) => {
    await page.goto('/campaigns');
    await expect(page).toHaveURL(/\/auth$/);
    await new LoginPage(page).signIn(E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/campaigns$/);
  });

  test('a signed-out visit to /auth logs no failed request (the "who am I" check answers 200)', async ({ page }) => {
    const failures: string[] = [];
    page.on('console', (message) => message.type() === 'error' && failures.push(message.text()));
    page.on('response', (response) => response.status() >= 400 && failures.push(`${response.status()} ${response.url()}`));
    await new LoginPage(page).goto();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
  });

  test('a signed-in visitor of /auth is sent to the dashboard', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
  });
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the light/dark choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const login = new LoginPage(page);
  const shell = new AdminShell(page);
  await login.goto();
  await login.signIn(E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(shell.greeting()).toBeVisible();
  expect(await shell.isDark()).toBe(false);
  await shell.themeToggle().click();
  expect(await shell.isDark()).toBe(true);
  await page.reload();
  await expect(shell.greeting()).toBeVisible();
  expect(await shell.isDark()).toBe(true);
  await expect(shell.themeToggle()).toHaveAttribute('data-theme-state', 'dark');
});

test('the system preference decides the theme until a choice is saved', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
});

test('the app passes its own Content Security Policy on the sign-in, admin and player pages', async ({ page }) => {
  const violations = await recordCspViolations(page);
  await new LoginPage(page).signInAsAdmin();
  await expect(new AdminShell(page).greeting()).toBeVisible();
  await page.goto('/');
  await expect(new AdminShell(page).greeting()).toBeVisible();
  await new QuestionGroupsPage(page).goto();
  await new CompaniesPage(page).goto();
  await new CampaignsPage(page).goto();
  await new PlayerPage(page).goto(1); // the demo trivia made on the first start
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
