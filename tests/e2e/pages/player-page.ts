import { expect, type Page } from '@playwright/test';
import type { PlayBundle } from '../../../contract';
import { deviceStoreRow, deviceStoreRows } from '../support/device-store';

/** The public player screen (/play-trivia/:id). */
export class PlayerPage {
  constructor(readonly page: Page) {}

  readonly documentType = () => this.page.getByLabel('Tipo de documento');
  readonly documentNumber = () => this.page.getByLabel('Número de documento');
  readonly validate = () => this.page.getByRole('button', { name: 'Validar Documento' });
  readonly fullName = () => this.page.getByLabel('Nombre completo');
  readonly location = () => this.page.getByLabel('Sede');
  readonly register = () => this.page.getByRole('button', { name: 'Registrarme' });
  readonly start = () => this.page.getByRole('button', { name: 'INICIAR' });
  readonly counter = () => this.page.getByTestId('question-counter');
  readonly questionText = () => this.page.getByTestId('question-text');
  readonly answers = () => this.page.getByRole('group', { name: 'Respuestas' }).getByRole('button');
  readonly completed = () => this.page.getByText('¡TRIVIA COMPLETADA!');
  readonly score = () => this.page.getByTestId('result-score');
  readonly correct = () => this.page.getByTestId('result-correct');
  readonly time = () => this.page.getByTestId('result-time');
  /** The result screen's line with the player's place in the ranking (or that it comes with the connection). */
  readonly place = () => this.page.getByTestId('result-place');
  readonly restart = () => this.page.getByRole('button', { name: 'Volver a empezar' });
  readonly pending = () => this.page.getByTestId('kiosk-pending');
  readonly connection = () => this.page.getByTestId('kiosk-connection');
  readonly lastSync = () => this.page.getByTestId('kiosk-last-sync');
  readonly statusBadge = () => this.page.getByRole('button', { name: 'Estado de sincronización' });
  readonly kioskMode = () => this.page.getByTestId('kiosk-mode');
  readonly kioskSwitch = () => this.page.getByRole('switch', { name: 'Modo kiosco' });
  readonly rejectedCount = () => this.page.getByTestId('kiosk-rejected');
  readonly rejectedList = () => this.page.getByTestId('kiosk-rejected-list');
  readonly rejectedEntries = () => this.page.getByTestId('kiosk-rejected-entry');
  /** The player screen's one live region (what a screen reader hears). */
  readonly live = () => this.page.getByTestId('player-live');
  /** The notice area above the step (limits, another company's player, errors). */
  readonly notice = () => this.page.getByTestId('player-notice');
  /** Shown while another tab of this device plays the trivia. */
  readonly otherTabHeading = () => this.page.getByRole('heading', { name: 'Trivia abierta en otra pestaña' });
  readonly takeOver = () => this.page.getByRole('button', { name: /^Jugar (aquí|en esta pestaña)$/ });
  readonly leave = () => this.page.getByRole('button', { name: 'Salir', exact: true });
  readonly leaveDialog = () => this.page.getByRole('dialog', { name: '¿Abandonar la trivia?' });
  readonly confirmLeave = () => this.leaveDialog().getByRole('button', { name: 'Abandonar' });
  readonly keepPlaying = () => this.leaveDialog().getByRole('button', { name: 'Seguir jugando' });

  readonly staffPanel = () => this.page.getByRole('dialog', { name: 'Panel del personal' });

  /** Opens the badge, then 'Panel del personal', and types `pin` into the gate (a set-up kiosk's). */
  async openStaffPanelWith(pin: string) {
    await this.statusBadge().click();
    await this.page.getByRole('button', { name: 'Panel del personal' }).click();
    const gate = this.page.getByTestId('kiosk-pin');
    await gate.getByLabel('PIN del kiosco').fill(pin);
    await gate.getByRole('button', { name: 'Abrir el panel' }).click();
  }

  readonly attract = () => this.page.getByTestId('kiosk-attract');
  readonly tapToPlay = () => this.attract().getByRole('button', { name: 'Toca para jugar' });
  /** The small line a player's phone (kiosk mode off) shows while offline. */
  readonly offlineNotice = () => this.page.getByTestId('offline-notice');

  async goto(groupId: number) {
    await this.page.goto(`/play-trivia/${groupId}`);
    await this.toDocumentStep();
  }

  /** Opens the trivia with kiosk mode switched on for this device (`?kiosk=1`), at the document step. */
  async gotoKiosk(groupId: number) {
    await this.page.goto(`/play-trivia/${groupId}?kiosk=1`);
    await expect(this.page).toHaveURL(new RegExp(`/play-trivia/${groupId}$`));
    await this.toDocumentStep();
  }

  /** Waits for the document step; a kiosk that opened on its attract screen is tapped first. */
  async toDocumentStep() {
    // A kiosk may go back to its attract screen meanwhile (a closed staff panel, its idle time): tapped again until the document step stays.
    await expect(async () => {
      await expect(this.validate().or(this.tapToPlay())).toBeVisible({ timeout: 5_000 });
      if (await this.tapToPlay().isVisible()) await this.tapToPlay().click();
      await expect(this.validate()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  }

  async enterDocument(documentTypeName: string, number: string) {
    await this.documentType().selectOption({ label: documentTypeName });
    await this.documentNumber().fill(number);
    await this.validate().click();
  }

  async registerAs(fullName: string, locationName: string) {
    await expect(this.register()).toBeVisible();
    await this.fullName().fill(fullName);
    await this.location().selectOption({ label: locationName });
    await this.register().click();
  }

  /** Answers the question on screen: correctly when `correct`, else with a wrong answer. */
  async answerCurrent(bundle: PlayBundle, correct: boolean) {
    const text = (await this.questionText().textContent())?.trim();
    const question = bundle.questions.find((q) => q.text === text);
    if (!question) throw new Error(`Question not in the bundle: ${text}`);
    const options = bundle.answers[question.id] ?? [];
    const pick = options.find((a) => a.isCorrect === correct);
    if (!pick) throw new Error(`No ${correct ? 'correct' : 'wrong'} answer for ${text}`);
    await this.answers().filter({ has: this.page.getByTestId('answer-text').getByText(pick.text, { exact: true }) }).click();
  }

  /** Answers questions `from`..`from + pattern.length - 1` of a five-question round; `pattern[i]` says whether to answer correctly. */
  async playRoundFrom(bundle: PlayBundle, from: number, pattern: boolean[], total = 5) {
    for (let i = 0; i < pattern.length; i++) {
      await expect(this.counter()).toHaveText(`${from + i} / ${total}`, { timeout: 15_000 });
      await this.answerCurrent(bundle, pattern[i]!);
    }
    await expect(this.completed()).toBeVisible({ timeout: 15_000 });
  }

  /** The device identity the player screen stored in its IndexedDB (null before it registered). */
  async storedDeviceId(): Promise<string | null> {
    return (await this.storedDevice())?.deviceId ?? null;
  }

  /** The contact ticket a phone refused a device for a busy address keeps (null while it holds none). */
  async storedContactTicket(): Promise<string | null> {
    return (await this.storedDevice())?.contactTicket ?? null;
  }

  /** The device state the player screen keeps in its IndexedDB (undefined before it wrote one). */
  private storedDevice(): Promise<{ deviceId: string | null; contactTicket?: string } | undefined> {
    return deviceStoreRow(this.page, 'device', 'device');
  }

  /** The kiosk's pending outbox entries, oldest first, as stored. */
  outboxEntries(): Promise<{ mutationId: number; kind: string; payload: Record<string, unknown> }[]> {
    return deviceStoreRows(this.page, 'outbox');
  }

  /** Replaces an outbox entry's payload fields (what a record the server will refuse looks like). */
  async patchOutboxPayload(mutationId: number, patch: Record<string, unknown>): Promise<void> {
    await this.page.evaluate(
      ([id, fields]) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('triviando');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('outbox', 'readwrite');
            const store = tx.objectStore('outbox');
            const read = store.get(id);
            read.onsuccess = () => store.put({ ...read.result, payload: { ...read.result.payload, ...fields } });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      [mutationId, patch] as const,
    );
  }
}
