import type { Theme } from '../../contract';

/**
 * The trivia the server painted into the page before any script ran (web/play.html's hidden
 * screen, filled in by the server for a known trivia): the player screen's loading state shows the
 * same title, logo and theme, so its first render lands on the same elements and nothing moves.
 */
export interface FirstPaint {
  name: string;
  theme: Theme | null;
  logoUrl: string | null;
  companyName: string;
}

/** The first paint the page carries, or undefined (the service worker's copy of the page, an unknown trivia). */
export function readFirstPaint(doc: Document = document): FirstPaint | undefined {
  const carried = doc.querySelector<HTMLElement>('[data-first-paint]:not([hidden])')?.dataset.firstPaint;
  if (!carried) return undefined;
  try {
    const value = JSON.parse(carried) as Partial<FirstPaint>;
    if (typeof value.name !== 'string' || typeof value.companyName !== 'string') return undefined;
    return { name: value.name, theme: value.theme ?? null, logoUrl: typeof value.logoUrl === 'string' ? value.logoUrl : null, companyName: value.companyName };
  } catch {
    return undefined;
  }
}
