import type { Page } from '@playwright/test';

/**
 * The words the page breaks across two lines inside the elements `selector` matches, as
 * "Colombi|a": each character's box is read through a Range, and a line that starts right after a
 * letter (not after a space or a hyphen) starts mid-word, unless the word is wider than the
 * element's whole line. A text wider than its (non-inline) element counts too, as
 * "Colombia (overflows)". An empty list: every word that fits a line is whole on its line.
 */
export function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((css) => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(css)) {
      // Text only screen readers read (clipped to a pixel) is not laid out in lines.
      if (getComputedStyle(element).overflowX !== 'visible') continue;
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
              const head = /\S*$/.exec(text.slice(0, i))![0];
              const tail = /^\S*/.exec(text.slice(i))![0];
              // A word wider than the whole line cannot help breaking: only one that would fit counts.
              range.setStart(node, i - head.length);
              range.setEnd(node, i + tail.length);
              const wordWidth = [...range.getClientRects()].reduce((sum, rect) => sum + rect.width, 0);
              const style = getComputedStyle(element);
              const line = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
              if (wordWidth <= line) found.push(`${head}|${tail}`);
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
