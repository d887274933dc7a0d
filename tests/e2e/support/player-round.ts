import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import type { QuestionGroup } from '../../../contract';
import { createFourQuestionTrivia, signInThroughApi } from './admin-api';

/** The seeded demo company. */
export const DEMO_COMPANY = 1;
export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 1024, height: 768 };
export const DESKTOP = { width: 1366, height: 768 };

/** A fixed-order four-question trivia (the first answer of each question is the correct one), made by the admin through the API in a context of its own (no page); `maxAttempts` 0: no limit. */
export async function fourQuestionTrivia(browser: Browser, name: string, maxAttempts = 0): Promise<QuestionGroup> {
  const admin = await browser.newContext();
  await signInThroughApi(admin);
  const group = await createFourQuestionTrivia(admin, DEMO_COMPANY, `${name} ${Date.now() % 1_000_000}`, maxAttempts);
  await admin.close();
  return group;
}

/** A phone-sized player context; `dark` is the device's colour scheme, `savedDark` the admin app's saved choice. */
export async function playerContext(browser: Browser, options: { dark?: boolean; savedDark?: boolean } & BrowserContextOptions = {}) {
  const { dark, savedDark, ...rest } = options;
  const context = await browser.newContext({ viewport: PHONE, colorScheme: dark ? 'dark' : 'light', locale: 'es-CO', ...rest });
  if (savedDark) await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  return context;
}

/** Records every text the live region takes and every role=alert node that appears, from page load on. */
export async function recordAnnouncements(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __live: string[]; __alerts: string[] };
    w.__live = [];
    w.__alerts = [];
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const live = target?.closest('[data-testid="player-live"]');
        if (live && live.textContent) w.__live.push(live.textContent);
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const alerts = [node, ...node.querySelectorAll('*')].filter((el) => el.getAttribute('role') === 'alert');
          for (const alert of alerts) w.__alerts.push(alert.textContent ?? '');
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return {
    live: () => page.evaluate(() => (window as unknown as { __live: string[] }).__live),
    alerts: () => page.evaluate(() => (window as unknown as { __alerts: string[] }).__alerts),
  };
}

/** The question on screen's number n (1..4) in a four-question trivia made by fourQuestionTrivia. */
export async function questionNumber(page: Page): Promise<number> {
  const text = (await page.getByTestId('question-text').textContent()) ?? '';
  const match = /¿Cuánto es (\d) \+/.exec(text);
  expect(match, `a question of the four-question trivia: ${text}`).not.toBeNull();
  return Number(match![1]);
}
