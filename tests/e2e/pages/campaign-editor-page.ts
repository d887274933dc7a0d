import { expect, type Page } from '@playwright/test';

/** /campaigns/:campaignId: details and the campaign's trivias. */
export class CampaignEditorPage {
  constructor(private readonly page: Page) {}

  readonly addAll = () => this.page.getByRole('button', { name: 'Agregar Todas' });
  readonly addOne = () => this.page.getByRole('button', { name: 'Agregar Trivia' });
  readonly rows = () => this.page.getByTestId('campaign-link-row');
  readonly names = () => this.page.getByTestId('campaign-link-name');
  readonly orders = () => this.page.getByTestId('campaign-link-order');
  readonly moveUp = (trivia: string) => this.page.getByRole('button', { name: `Subir ${trivia}`, exact: true });
  readonly moveDown = (trivia: string) => this.page.getByRole('button', { name: `Bajar ${trivia}`, exact: true });
  readonly weight = (trivia: string) => this.page.getByRole('spinbutton', { name: `Peso de ${trivia}`, exact: true });
  readonly remove = (trivia: string) => this.page.getByRole('button', { name: `Quitar ${trivia}`, exact: true });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly viewRanking = () => this.page.getByRole('link', { name: 'Resultados' });
  readonly toast = () => this.page.getByTestId('toast');

  async goto(campaignId: number) {
    await this.page.goto(`/campaigns/${campaignId}`);
    await expect(this.page.getByRole('heading', { name: 'Trivias de la campaña' })).toBeVisible();
  }

  /** Types a weight and leaves the field, which commits it. */
  async setWeight(trivia: string, weight: number) {
    await this.weight(trivia).fill(String(weight));
    await this.weight(trivia).blur();
  }
}
