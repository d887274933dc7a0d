import { expect, type Page } from '@playwright/test';

export interface TriviaSettings {
  name: string;
  description: string;
  /** HTML pasted into the instructions editor, as an organiser pastes from another document. */
  instructions: string;
  questionsPerRound: number;
  maxAttempts: number;
  completionRedirectUrl: string;
  randomizeQuestions: boolean;
}

/** /packages: the company selector, the trivia cards and the trivia dialog. */
export class QuestionGroupsPage {
  constructor(private readonly page: Page) {}

  readonly companySelect = () => this.page.getByLabel('Seleccionar Empresa:');
  readonly create = () => this.page.getByRole('button', { name: 'Crear Trivia' });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly card = (name: string) => this.page.getByRole('article', { name, exact: true });
  readonly cardLink = (name: string, label: string) => this.card(name).getByRole('link', { name: label, exact: true });
  /** The card's "Más acciones" button. */
  readonly cardMenu = (name: string) => this.card(name).getByRole('button', { name: `Más acciones de ${name}`, exact: true });
  readonly menu = () => this.page.getByRole('menu');
  /** The dialog's formatted-text editor of the instructions, and its toolbar. */
  readonly instructions = () => this.dialog().getByRole('textbox', { name: 'Instrucciones' });
  readonly instructionsToolbar = () => this.dialog().getByRole('toolbar', { name: 'Formato de instrucciones' });

  /** Pastes HTML into the instructions editor, as the clipboard delivers it: over what it holds, or after it. */
  async pasteInstructions(html: string, where: 'replace' | 'end' = 'replace') {
    const editor = this.instructions();
    await editor.click();
    await this.page.keyboard.press(where === 'replace' ? 'ControlOrMeta+a' : 'ControlOrMeta+End');
    await editor.evaluate((element, pasted) => {
      const data = new DataTransfer();
      data.setData('text/html', pasted);
      data.setData('text/plain', pasted.replace(/<[^>]*>/g, ''));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, html);
  }

  /** Opens the card's "Más acciones" and returns its item `label` (a button or a link). */
  async cardAction(name: string, label: string) {
    await this.cardMenu(name).click();
    const item = this.menu().getByRole('menuitem', { name: label, exact: true });
    await expect(item).toBeVisible();
    return item;
  }

  /** Opens a trivia's "Editar" dialog at its "Configuración" tab, from its company's list. */
  async openSettings(companyName: string, triviaName: string) {
    await this.goto();
    await this.selectCompany(companyName);
    await (await this.cardAction(triviaName, 'Editar')).click();
    await this.dialog().getByRole('tab', { name: 'Configuración' }).click();
    return this.dialog();
  }

  async goto() {
    await this.page.goto('/packages');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Trivias' })).toBeVisible();
  }

  async selectCompany(name: string) {
    await this.companySelect().selectOption({ label: name });
  }

  async fillTrivia(settings: TriviaSettings) {
    const dialog = this.dialog();
    await dialog.getByRole('tab', { name: 'General' }).click();
    await dialog.getByLabel('Nombre').fill(settings.name);
    await dialog.getByLabel('Descripción').fill(settings.description);
    await this.pasteInstructions(settings.instructions);
    await dialog.getByRole('tab', { name: 'Configuración' }).click();
    await dialog.getByLabel('Preguntas por ronda').fill(String(settings.questionsPerRound));
    await dialog.getByLabel('Intentos máximos').fill(String(settings.maxAttempts));
    await dialog.getByLabel('URL de redirección al terminar').fill(settings.completionRedirectUrl);
    await dialog.getByRole('tab', { name: 'Opciones' }).click();
    await dialog.getByLabel('Preguntas aleatorias').setChecked(settings.randomizeQuestions);
  }

  async submitTrivia() {
    await this.dialog().getByRole('button', { name: /^(Crear trivia|Guardar cambios)$/ }).click();
  }

  async deleteTrivia(name: string) {
    await (await this.cardAction(name, 'Eliminar')).click();
    await expect(this.dialog()).toContainText('preguntas y respuestas');
    await this.dialog().getByRole('button', { name: 'Eliminar' }).click();
  }
}
