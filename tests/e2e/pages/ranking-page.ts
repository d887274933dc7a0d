import { expect, type Page } from '@playwright/test';

/** The public trivia ranking (/ranking/:id). */
export class RankingPage {
  constructor(private readonly page: Page) {}

  readonly rows = () => this.page.getByTestId('ranking-row');
  readonly rowOf = (fullName: string) => this.rows().filter({ has: this.page.getByTestId('ranking-name').getByText(fullName, { exact: true }) });
  readonly duplicates = () => this.page.getByLabel('Mostrar intentos duplicados');
  /** The ranking's own site filter (the prize draw's form below it has one too). */
  readonly location = () => this.page.getByLabel('Sede').and(this.page.locator(':not([data-testid="prize-draws"] *)'));

  async goto(groupId: number) {
    await this.page.goto(`/ranking/${groupId}`);
    await expect(this.page.getByRole('heading', { level: 2, name: 'Filtros' })).toBeVisible();
    await expect(this.page.getByText('Cargando ranking...')).toHaveCount(0);
  }
}
