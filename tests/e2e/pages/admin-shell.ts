import type { Page } from '@playwright/test';

export class AdminShell {
  constructor(private readonly page: Page) {}

  readonly header = () => this.page.getByRole('banner');
  readonly themeToggle = () => this.page.getByRole('button', { name: /Cambiar a tema/ });
  readonly triviasLink = () => this.header().getByRole('link', { name: 'Trivias' });
  readonly greeting = () => this.page.getByRole('heading', { level: 1 });
  readonly logout = () => this.page.getByRole('button', { name: 'Logout' });

  async isDark() {
    return this.page.evaluate(() => document.documentElement.classList.contains('dark'));
  }
}
