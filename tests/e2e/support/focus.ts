import { expect, type Locator } from '@playwright/test';

/** The focused element draws a focus indicator (an outline or a ring). */
export async function expectFocusVisible(target: Locator) {
  await expect(target).toBeFocused();
  const style = await target.evaluate((el) => {
    const css = getComputedStyle(el);
    return { outline: css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0, ring: css.boxShadow !== 'none' };
  });
  expect(style.outline || style.ring, 'a visible focus indicator').toBe(true);
}
