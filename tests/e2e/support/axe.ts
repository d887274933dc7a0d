import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until every finite animation and transition of the page has finished. A button that has
 * just been enabled fades from its pale disabled colour for a frame even with reduced motion, and
 * axe would measure that frame's contrast. Endless animations (spinners) are left alone.
 * Two frames and a task first: a colour scheme just emulated reaches the page as a media-query
 * change at its next frame, and the admin app then sets its `dark` class from a React effect (waited
 * for: with its class late, axe measured the light text on the new dark background); the
 * transitions that starts must exist before they are waited for.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    // The admin app (the page that runs /theme-init.js) follows a change of the device's scheme
    // with its `dark` class, from a React effect that a busy machine can run many frames later (a screen
    // that does not follow the device keeps its class: two seconds at most).
    if (document.querySelector('script[src="/theme-init.js"]')) {
      const saved = localStorage.getItem('theme');
      const dark = saved === 'light' || saved === 'dark' ? saved === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
      for (let frames = 0; document.documentElement.classList.contains('dark') !== dark && frames < 120; frames++) await frame();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

/**
 * The serious and critical axe violations of what the page shows now (or of `include` only), one
 * line each, prefixed with `screen`: an empty list passes. Every rule axe has runs (WCAG 2.0-2.2 A
 * and AA and its best practices); "passes axe" means none of them finds a serious or critical fault.
 * Legacy mode: axe runs in the page itself. The default mode opens a blank page of its own for every
 * check to merge frames' results (our screens have no frames), which cost the browser suite about a
 * fifth of its axe-heavy specs' time. (axe put into the page once and run again there measured the
 * admin app's header with its light colour after a switch to dark: each check injects it afresh.)
 * Only violations are gathered whole (`resultTypes`): axe still runs every rule on every node, and
 * finds the same violations, but keeps a single node of each rule that passed or could not decide,
 * where it described every one (a selector and the HTML of each) only for the test to drop them.
 */
export async function seriousViolations(page: Page, screen: string, include?: string): Promise<string[]> {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.trim()).join(' | ')}`);
}

/**
 * `seriousViolations` of a page whose clock the test has paused (`page.clock.pauseAt`), for what a
 * screen shows a short while (an answer's feedback): the check waits on the page's frames and
 * timers, so the page's clock is moved on 4 ms at a time until it ends, at most `withinMs` of the
 * page's time (what the screen shows for longer stays on it throughout).
 */
export async function seriousViolationsWhilePaused(page: Page, screen: string, withinMs = 800): Promise<string[]> {
  let settled = false;
  const audit = seriousViolations(page, screen).finally(() => (settled = true));
  audit.catch(() => undefined);
  for (let ms = 0; !settled; ms += 4) {
    if (ms > withinMs) throw new Error(`${screen}: the axe check needed more than ${withinMs} ms of the page's clock`);
    await page.clock.runFor(4);
  }
  return audit;
}

/** Presses Tab until `target` has the focus (at most `limit` times): it is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with at most ${limit} Tab presses`).toBeFocused({ timeout: 1 });
}
