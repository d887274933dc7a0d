import { DEFAULT_THEME, type Theme } from '../../../contract';
import { readableTheme } from '../../../contract/theme-contrast';

/**
 * A stored theme as players get it (their bundle, the page's first paint, the big screen): a theme
 * saved under the contrast rule as it is, one stored before it (or copied from one) with its
 * load-bearing colours corrected. The admin's own reads keep the stored values, which the editor
 * shows with the pairs to fix.
 */
export function servedTheme(theme: Theme | null): Theme | null {
  if (!theme) return null;
  const full = { ...DEFAULT_THEME, ...theme };
  const readable = readableTheme(full);
  return readable === full ? theme : readable;
}
