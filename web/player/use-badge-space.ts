import { useEffect, useRef } from 'react';
import { keepFocusClearOf } from './badge-clearance';

/** The gap kept between the player's screen and the badge. */
const BADGE_GAP_PX = 8;

/**
 * The ref for the kiosk badge's button, which keeps the player's screen clear of it: the page keeps
 * room at its bottom (`--kiosk-badge-space`) for however many lines the badge wraps to (a phone, a
 * zoomed page), and a field that takes focus is never left under it (badge-clearance.ts).
 */
export function useBadgeSpace() {
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const button = buttonRef.current;
    if (!button || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    // Measured from the viewport's bottom edge: the badge's offset there is in rem, so it grows with the text size too.
    const observer = new ResizeObserver(() => {
      const space = root.clientHeight - button.getBoundingClientRect().top;
      root.style.setProperty('--kiosk-badge-space', `${Math.ceil(space) + BADGE_GAP_PX}px`);
    });
    observer.observe(button);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--kiosk-badge-space');
    };
  }, []);

  useEffect(() => {
    const button = buttonRef.current;
    return button ? keepFocusClearOf(button, BADGE_GAP_PX) : undefined;
  }, []);

  return buttonRef;
}
