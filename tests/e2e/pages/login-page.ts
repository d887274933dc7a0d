import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../fixtures';

export class LoginPage {
  constructor(private readonly page: Page) {}

  readonly username = () => this.page.getByLabel('Usuario');
  readonly password = () => this.page.getByLabel('Contraseña');
  readonly submit = () => this.page.getByRole('button', { name: 'Login' });

  async goto() {
    await this.page.goto('/auth');
    await expect(this.submit()).toBeVisible();
  }

  async signIn(username: string, password: string) {
    await this.username().fill(username);
    await this.password().fill(password);
    await this.submit().click();
  }

  /** Signs in as the seeded admin through the form and waits for the dashboard (two page loads); a test about another screen signs in with signInThroughApi (support/admin-api.ts). */
  async signInAsAdmin() {
    await this.goto();
    await this.signIn(E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(this.page).toHaveURL(/\/$/);
  }
}
