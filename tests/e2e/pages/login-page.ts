import { expect, type Page } from '@playwright/test';

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
}
