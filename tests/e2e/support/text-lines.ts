import type { Page } from '@playwright/test';

/**
 * The words the page breaks across two lines inside the elements `selector` matches, as
 * "Colombi|a": each character's box is read through a Range, and a line that starts right after a
 * letter (not after a space or a hyphen) starts mid-word. A text wider than its (non-inline)
 * element counts too, as "Colombia (overflows)". An empty list: every word is whole on its line.
 */
export function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((css) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(css)) {
      if (getComputedStyle(element).display !== 'inline' && element.scrollWidth > element.clientWidth + 1) found.push(`${element.textContent ?? ''} (overflows)`);
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let lastTop: number | null = null;
      let previous = ' ';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getClientRects()[0];
          if (box && !/\s/.test(text[i]!)) {
            if (lastTop !== null && box.top > lastTop + box.height / 2 && !/[\s-]/.test(previous)) {
              const word = /\S*$/.exec(text.slice(0, i))![0] + '|' + /^\S*/.exec(text.slice(i))![0];
              found.push(word);
            }
            lastTop = box.top;
          }
          previous = text[i]!;
        }
      }
    }
    return found;
  }, selector);
}
