import { expect, type Page } from '@playwright/test';

/** /company: the company table, its dialog and the locations panel. */
export class CompaniesPage {
  constructor(private readonly page: Page) {}

  readonly addCompany = () => this.page.getByRole('button', { name: 'Add Company' });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly row = (name: string) => this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  readonly rowLogo = (name: string) => this.row(name).getByRole('img', { name: `Logo de ${name}` });
  readonly locationsPanel = () => this.page.getByRole('region', { name: /^Locations for / });
  readonly confirmDialog = () => this.page.getByRole('dialog');

  async goto() {
    await this.page.goto('/company');
    await expect(this.page.getByRole('heading', { name: 'Company Management' })).toBeVisible();
  }

  async createCompany(name: string, description: string) {
    await this.addCompany().click();
    await expect(this.dialog().getByRole('heading', { name: 'Create New Company' })).toBeVisible();
    await this.dialog().getByLabel('Name').fill(name);
    await this.dialog().getByLabel('Description').fill(description);
    await this.dialog().getByRole('button', { name: 'Create' }).click();
  }

  async openEdit(name: string) {
    await this.page.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(this.dialog().getByRole('heading', { name: 'Edit Company' })).toBeVisible();
  }

  async uploadLogo(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.dialog().getByLabel('Logo').setInputFiles(file);
  }

  async openLocations(company: string) {
    await this.page.getByRole('button', { name: `View Locations of ${company}` }).click();
    await expect(this.locationsPanel()).toHaveAccessibleName(`Locations for ${company}`);
  }

  async addLocation(name: string) {
    await this.locationsPanel().getByRole('button', { name: 'Add Location' }).click();
    await this.locationsPanel().getByLabel('Location name').fill(name);
    await this.locationsPanel().getByRole('button', { name: 'Save' }).click();
  }

  async deleteLocation(name: string) {
    await this.locationsPanel().getByRole('button', { name: `Delete ${name}` }).click();
    await expect(this.confirmDialog()).toContainText(`"${name}"`);
    await this.confirmDialog().getByRole('button', { name: 'Delete' }).click();
  }

  async deleteCompany(name: string) {
    await this.page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(this.confirmDialog()).toContainText('cannot be undone');
    await expect(this.confirmDialog()).toContainText('all its locations');
    await this.confirmDialog().getByRole('button', { name: 'Delete' }).click();
  }
}
