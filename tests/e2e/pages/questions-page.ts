import { expect, type Locator, type Page } from '@playwright/test';

/** /packages/:groupId/questions and its dialogs. */
export class QuestionsPage {
  constructor(private readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly cards = () => this.page.getByTestId('question-card');
  readonly card = (text: string) => this.cards().filter({ hasText: text });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly toast = () => this.page.getByTestId('toast');

  async goto(groupId: number) {
    await this.page.goto(`/packages/${groupId}/questions`);
    await expect(this.cards().first().or(this.page.getByText('No hay preguntas en esta trivia. ¡Crea una nueva!'))).toBeVisible();
  }

  async openCreate() {
    await this.page.getByRole('main').getByRole('button', { name: 'Crear Pregunta' }).first().click();
    await expect(this.dialog().getByRole('heading', { name: 'Crear Pregunta' })).toBeVisible();
  }

  answerInput = (index: number) => this.dialog().getByRole('textbox', { name: `Respuesta ${index}`, exact: true });
  correctRadio = (index: number) => this.dialog().getByRole('radio', { name: `Respuesta ${index} es la correcta` });
  removeAnswer = (index: number) => this.dialog().getByRole('button', { name: `Eliminar respuesta ${index}` });
  addAnswer = () => this.dialog().getByRole('button', { name: 'Agregar Respuesta' });

  /** Fills the open question dialog: answers in order, `correct` is the 1-based correct one. */
  async fillQuestion(text: string, answers: string[], correct: number) {
    await this.dialog().getByLabel('Pregunta', { exact: true }).fill(text);
    const existing = await this.dialog().getByRole('radio', { name: /^Respuesta \d+ es la correcta$/ }).count();
    for (let i = existing; i < answers.length; i++) await this.addAnswer().click();
    for (const [i, answer] of answers.entries()) await this.answerInput(i + 1).fill(answer);
    await this.correctRadio(correct).check();
  }

  async submitDialog(name: string) {
    await this.dialog().getByRole('button', { name, exact: true }).click();
  }

  async createQuestion(text: string, answers: string[], correct: number) {
    await this.openCreate();
    await this.fillQuestion(text, answers, correct);
    await this.submitDialog('Crear Pregunta');
    await expect(this.toast()).toContainText('Pregunta creada correctamente');
    await expect(this.dialog()).toBeHidden();
  }

  /** The answers of a card, each as "text" or "text ✓" for the correct one. */
  async answersOf(card: Locator): Promise<string[]> {
    return card.getByRole('listitem').evaluateAll((items) =>
      items.map((item) => `${item.querySelector('span.min-w-0')?.textContent ?? ''}${item.textContent?.includes('(respuesta correcta)') ? ' ✓' : ''}`),
    );
  }

  async openAi() {
    await this.page.getByRole('button', { name: 'Generar con IA' }).click();
    await expect(this.dialog().getByRole('heading', { name: 'Generar Preguntas con IA' })).toBeVisible();
  }

  async openTheme() {
    await this.page.getByRole('button', { name: 'Personalizar Tema' }).click();
    await expect(this.dialog().getByRole('heading', { name: 'Personalización de Tema' })).toBeVisible();
  }

  readonly preview = () => this.page.getByTestId('theme-preview');
  readonly previewButton = () => this.preview().locator('.player-button').first();
}
