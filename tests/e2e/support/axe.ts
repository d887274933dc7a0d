import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until every finite animation and transition of the page has finished. A button that has
 * just been enabled fades from its pale disabled colour for a frame even with reduced motion, and
 * axe would measure that frame's contrast. Endless animations (spinners) are left alone.
 * Two frames and a task first: a colour scheme just emulated reaches the page as a media-query
 * change at its next frame, and the admin app then sets its `dark` class from a React effect; the
 * transitions that starts must exist before they are waited for (on a busy machine axe once
 * measured the header's light text on the new dark background).
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

/**
 * The axe-core that `@axe-core/playwright` (the checker these tests were written against) brings:
 * the rules and their version are its, while the script goes into the page once, not per check.
 */
const axeSource = (() => {
  const fromPlaywrightAxe = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return readFileSync(fromPlaywrightAxe.resolve('axe-core/axe.min.js'), 'utf8');
})();

/**
 * The serious and critical axe violations of what the page shows now (or of `include` only), one
 * line each, prefixed with `screen`: an empty list passes. Every rule axe has runs (WCAG 2.0-2.2 A
 * and AA and its best practices); "passes axe" means none of them finds a serious or critical fault.
 * axe runs in the page itself (our screens have no frames), put there once per document: its 1.5 MB
 * script parsed again for every check (as `@axe-core/playwright` does, twice a check) was a tenth of
 * an axe-heavy spec's CPU. Only violations are gathered whole (`resultTypes`): what passes is not
 * read, and the page hands back the serious and critical ones alone.
 */
export async function seriousViolations(page: Page, screen: string, include?: string): Promise<string[]> {
  await settleAnimations(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (include) => {
    const runner = (window as unknown as { axe: typeof axe }).axe;
    const { violations } = await runner.run(include ? { include: [include], exclude: [] } : document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact!, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })) }));
  }, include);
  return violations.map((v) => `${screen}: ${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.trim()).join(' | ')}`);
}

/** Presses Tab until `target` has the focus (at most `limit` times): it is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with at most ${limit} Tab presses`).toBeFocused({ timeout: 1 });
}
