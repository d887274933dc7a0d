import { expect, type Page } from '@playwright/test';

export interface CampaignSettings {
  name: string;
  description: string;
  companyName: string;
  /** yyyy-MM-dd */
  startDate: string;
  endDate: string;
}

/** /campaigns: the campaign cards and the create dialog. */
export class CampaignsPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Administración de Campañas' });
  readonly create = () => this.page.getByRole('button', { name: 'Crear Campaña', exact: true });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly card = (name: string) => this.page.getByRole('article', { name, exact: true });

  async goto() {
    await this.page.goto('/campaigns');
    await expect(this.heading()).toBeVisible();
  }

  async createCampaign(settings: CampaignSettings) {
    await this.create().click();
    const dialog = this.dialog();
    await expect(dialog.getByRole('heading', { name: 'Crear Nueva Campaña' })).toBeVisible();
    await dialog.getByLabel('Nombre').fill(settings.name);
    await dialog.getByLabel('Descripción').fill(settings.description);
    await dialog.getByLabel('Empresa').selectOption({ label: settings.companyName });
    await dialog.getByLabel('Fecha de inicio').fill(settings.startDate);
    await dialog.getByLabel('Fecha de finalización').fill(settings.endDate);
    await dialog.getByRole('button', { name: 'Crear Campaña' }).click();
  }
}
