import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { QuestionGroup } from '../../contract';
import { postJson, signInThroughApi, uploadPicture } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { picturesSettled, startRound } from './support/picture-player';
import { DEMO_COMPANY, DESKTOP, PHONE, TABLET, playerContext } from './support/player-round';
import { docsScreenshot } from './support/screenshot';
import { brokenWords } from './support/text-lines';
import { photo } from '../support/picture-uploads';
import { pauseClockSoon } from './support/page-clock';

// Kiosks and their offline shell are in this file: the service worker runs, as on a device.
test.use({ serviceWorkers: 'allow' });

/**
 * Picture answers after a tap (docs/pictures.md, "On the player screen"): the mark and the feedback
 * word lie over the picture, so no card moves or changes size and no word breaks, at every width,
 * with the device light or dark.
 */

// The player's page has a strict CSP; axe is injected into it.
test.use({ bypassCSP: true });

/** One question whose four answers are countries with pictures (the first is correct). */
async function countryTrivia(browser: Browser): Promise<QuestionGroup> {
  // Requests only, in the context's own cookie jar: no page is opened.
  const admin = await browser.newContext();
  await signInThroughApi(admin);
  const label = `Países ${Date.now() % 1_000_000}`;
  const group = await postJson<QuestionGroup>(admin, `/api/companies/${DEMO_COMPANY}/question-groups`, {
    name: label,
    description: 'Banderas',
    companyId: DEMO_COMPANY,
    questionsPerRound: 1,
    randomizeQuestions: false,
    randomizeAnswers: false,
    maxAttempts: 0,
  });
  const countries = [
    ['Colombia', 800, 600],
    ['Venezuela', 600, 800],
    ['Argentina', 800, 800],
    ['Guatemala', 900, 600],
  ] as const;
  const answers = [];
  for (const [i, [text, width, height]] of countries.entries()) {
    const picture = await uploadPicture(admin, group.id, await photo(width, height, i * 2));
    answers.push({ text, isCorrect: i === 0, picture: { name: picture.name, alt: `Bandera de ${text}` } });
  }
  await postJson(admin, `/api/question-groups/${group.id}/questions`, { text: `¿Qué país ganó la Copa América de 2001? (${label})`, groupId: group.id, answers });
  await admin.close();
  return group;
}

/** The answer cards' boxes, the words broken across lines in their texts and feedback words, and the colours the theme gave them. */
async function cardsAsShown(page: Page) {
  const cards = page.locator('.player-answer-card');
  return {
    boxes: await cards.evaluateAll((els) => els.map((el) => Object.values(el.getBoundingClientRect().toJSON() as Record<string, number>).map((v) => Math.round(v * 10) / 10))),
    broken: await brokenWords(page, '.player-answer-card :is(.player-answer-label, .player-answer-state)'),
    colours: await page.evaluate(() => [document.querySelector('.player-card')!, document.querySelector('.player-answer-card')!].map((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).color}`)),
  };
}

/**
 * axe while the page's clock is paused: its waits for a frame and a task need the clock to move, so
 * it is moved 20 ms at a time until axe is done, far less than the feedback's 2 s.
 */
async function heldClockAxe(page: Page, screen: string): Promise<string[]> {
  let done = false;
  const violations = seriousViolations(page, screen).finally(() => (done = true));
  for (let moved = 0; !done && moved < 1_000; moved += 20) await page.clock.runFor(20);
  return violations;
}

const WIDTHS = [
  ['phone', PHONE],
  ['tablet', TABLET],
  ['desktop', DESKTOP],
] as const;

test('after a tap on a picture answer no card moves or changes size and no word breaks, at 390, 1024 and 1366 px, light and dark', async ({ browser }) => {
  test.setTimeout(180_000);
  const group = await countryTrivia(browser);
  const lightColours: string[][] = [];
  for (const scheme of ['light', 'dark'] as const) {
    // Opened in the scheme: the page loads with the device already dark.
    const context = await playerContext(browser, { dark: scheme === 'dark', serviceWorkers: 'block', bypassCSP: true });
    const page = await context.newPage();
    await page.clock.install();
    const player = await startRound(page, group.id, `Tarjetas ${scheme}`);
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
    await expect(player.counter()).toHaveText('1 / 1');
    await picturesSettled(page);
    // The theme's font too: a late font would change the boxes between the two measures.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const before = new Map<string, Awaited<ReturnType<typeof cardsAsShown>>>();
    for (const [name, viewport] of WIDTHS) {
      await page.setViewportSize(viewport);
      before.set(name, await cardsAsShown(page));
      expect(before.get(name)!.broken, `${scheme} ${name}: whole words before the tap`).toEqual([]);
    }
    // The player screen follows the trivia's theme alone: the dark device shows the light one's colours.
    lightColours.push(before.get('phone')!.colours);
    expect(before.get('phone')!.colours).toEqual(lightColours[0]);

    await page.setViewportSize(PHONE);
    await player.answers().nth(1).click();
    await expect(player.answers().nth(1)).toHaveAttribute('data-state', 'wrong');
    await expect(player.answers().nth(0)).toHaveAttribute('data-state', 'right-answer');
    // The feedback stays on screen while the test looks at it at every width: the clock stops a
    // quarter second on (well inside FEEDBACK_MS), or a little more on a busy machine.
    await pauseClockSoon(page, 250);
    for (const [name, viewport] of WIDTHS) {
      await page.setViewportSize(viewport);
      const after = await cardsAsShown(page);
      expect(after.boxes, `${scheme} ${name}: the cards keep their places and sizes`).toEqual(before.get(name)!.boxes);
      expect(after.broken, `${scheme} ${name}: whole words after the tap`).toEqual([]);
      if (name === 'phone') expect(await heldClockAxe(page, `picture answers after a tap (${scheme})`)).toEqual([]);
      await page.mouse.move(0, 0);
      // Not docsFullPageScreenshot: its wait for a frame needs the paused clock. The page is at its top.
      await docsScreenshot(page, `player-answer-pictures-tapped-${scheme}-${name}`, { fullPage: true });
    }
    await context.close();
  }
});
