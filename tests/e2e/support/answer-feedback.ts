import type { Page } from '@playwright/test';

/** One answer button as the player screen shows it once an answer is chosen. */
export interface AnswerOnScreen {
  state: string | null;
  /** The words beside its mark ("Correcta", "Tu respuesta: incorrecta", "Respuesta correcta"). */
  word: string | null;
  icon: boolean;
  pressed: string | null;
  ariaDisabled: string | null;
  disabled: boolean;
}

/**
 * Waits in the page for an answer's feedback (a button marked correct or wrong) and describes the
 * answers as shown at that moment, with which one holds the focus: text answers and picture cards
 * are read alike.
 */
export function feedbackOnScreen(page: Page): Promise<{ focused: number; answers: AnswerOnScreen[] }> {
  return page.evaluate(
    () =>
      new Promise<{ focused: number; answers: AnswerOnScreen[] }>((resolve) => {
        const read = () => {
          const buttons = [...document.querySelectorAll<HTMLButtonElement>('[role="group"][aria-label="Respuestas"] button')];
          if (!buttons.some((b) => b.dataset.state === 'correct' || b.dataset.state === 'wrong')) return false;
          resolve({
            focused: buttons.indexOf(document.activeElement as HTMLButtonElement),
            answers: buttons.map((b) => ({
              state: b.dataset.state ?? null,
              word: b.querySelector('[data-testid="answer-state"]')?.textContent ?? null,
              icon: b.querySelector('.player-answer-mark svg') !== null,
              pressed: b.getAttribute('aria-pressed'),
              ariaDisabled: b.getAttribute('aria-disabled'),
              disabled: b.disabled,
            })),
          });
          return true;
        };
        if (read()) return;
        const observer = new MutationObserver(() => read() && observer.disconnect());
        observer.observe(document.body, { subtree: true, attributes: true, childList: true });
      }),
  );
}
