/**
 * The kiosk's badge is fixed in a corner, so a field the browser scrolls into view when it takes
 * focus can land under it (at 200 % zoom it covered most of the document step's first field:
 * WCAG 2.4.12, focus not obscured). The page keeps room for the badge at its bottom
 * (`--kiosk-badge-space`), so scrolling the field up by what the badge covers always clears it.
 */

/** How far a rectangle `field` must move up to clear `badge` with `gap` to spare; 0 when they do not meet. */
export function coveredBy(field: DOMRectReadOnly, badge: DOMRectReadOnly, gap: number): number {
  const meetAcross = field.left < badge.right && field.right > badge.left;
  const meetDown = field.bottom > badge.top && field.top < badge.bottom;
  return meetAcross && meetDown ? Math.ceil(field.bottom - badge.top + gap) : 0;
}

/** Whenever something on the page takes focus, scrolls it clear of `badge` (after the browser's own scroll); returns the stop. */
export function keepFocusClearOf(badge: HTMLElement, gap: number): () => void {
  let frame = 0;
  const onFocus = (event: FocusEvent) => {
    const target = event.target;
    // A modal (the staff panel, "¿Sigues ahí?") is in the top layer, above the badge: nothing to clear.
    if (!(target instanceof Element) || badge.contains(target) || target.closest('dialog')) return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const by = coveredBy(target.getBoundingClientRect(), badge.getBoundingClientRect(), gap);
      if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
    });
  };
  document.addEventListener('focusin', onFocus);
  return () => {
    cancelAnimationFrame(frame);
    document.removeEventListener('focusin', onFocus);
  };
}
