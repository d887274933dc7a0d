import { expect, type Page } from '@playwright/test';

/** /company: the company table, its dialog and the locations panel. */
export class CompaniesPage {
  constructor(private readonly page: Page) {}

  readonly addCompany = () => this.page.getByRole('button', { name: 'Agregar empresa' });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly row = (name: string) => this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  readonly rowLogo = (name: string) => this.row(name).getByRole('img', { name: `Logo de ${name}` });
  readonly locationsPanel = () => this.page.getByRole('region', { name: /^Sedes de / });
  readonly confirmDialog = () => this.page.getByRole('dialog');

  async goto() {
    await this.page.goto('/company');
    await expect(this.page.getByRole('heading', { name: 'Administración de Empresas' })).toBeVisible();
  }

  async createCompany(name: string, description: string) {
    await this.addCompany().click();
    await expect(this.dialog().getByRole('heading', { name: 'Nueva empresa' })).toBeVisible();
    await this.dialog().getByLabel('Nombre').fill(name);
    await this.dialog().getByLabel('Descripción').fill(description);
    await this.dialog().getByRole('button', { name: 'Crear' }).click();
  }

  async openEdit(name: string) {
    await this.page.getByRole('button', { name: `Editar ${name}` }).click();
    await expect(this.dialog().getByRole('heading', { name: 'Editar empresa' })).toBeVisible();
  }

  async uploadLogo(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.dialog().getByLabel('Logo').setInputFiles(file);
  }

  async openLocations(company: string) {
    await this.page.getByRole('button', { name: `Ver sedes de ${company}` }).click();
    await expect(this.locationsPanel()).toHaveAccessibleName(`Sedes de ${company}`);
  }

  async addLocation(name: string) {
    await this.locationsPanel().getByRole('button', { name: 'Agregar sede' }).click();
    await this.locationsPanel().getByLabel('Nombre de la sede').fill(name);
    await this.locationsPanel().getByRole('button', { name: 'Guardar' }).click();
  }

  async deleteLocation(name: string) {
    await this.locationsPanel().getByRole('button', { name: `Eliminar ${name}` }).click();
    await expect(this.confirmDialog()).toContainText(`"${name}"`);
    await this.confirmDialog().getByRole('button', { name: 'Eliminar' }).click();
  }

  async deleteCompany(name: string) {
    await this.page.getByRole('button', { name: `Eliminar ${name}` }).click();
    await expect(this.confirmDialog()).toContainText('no se puede deshacer');
    await expect(this.confirmDialog()).toContainText('todas sus sedes');
    await this.confirmDialog().getByRole('button', { name: 'Eliminar' }).click();
  }
}
