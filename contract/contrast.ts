/** The contrast rule (WCAG 2.2 AA) that the theme's checks, its corrections and the tests all use. */
import { BLACK, WHITE, hslToRgb, parseColor, rgbToHsl, toHex, over, type Rgba } from './css-colors';


/** Relative luminance of an opaque sRGB colour (WCAG 2.2). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** WCAG 2.2 AA minimums: body text, and large text (≥ 24 px, or ≥ 18.66 px bold) or UI parts and icons. */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

/** The lowest ratio of a foreground (a colour, possibly translucent) over any of the background's colours. */
export function worstContrast(foreground: string, background: Rgba[]): number | null {
  const fg = parseColor(foreground);
  if (!fg || background.length === 0) return null;
  return Math.min(...background.map((bg) => contrastRatio(over(fg, bg), bg)));
}

/**
 * The colour nearest to `foreground` (same hue and saturation, the closest lightness) that
 * reaches `minimum` over every background colour; black or white when no lightness does.
 */
export function suggestPassingColor(foreground: string, background: Rgba[], minimum: number): string {
  const fg = parseColor(foreground) ?? BLACK;
  const passes = (c: Rgba) => background.every((bg) => contrastRatio(c, bg) >= minimum);
  const opaque = { ...fg, a: 1 };
  if (fg.a >= 1 && passes(opaque)) return toHex(opaque);
  const { h, s, l } = rgbToHsl(opaque);
  for (let step = 0.01; step <= 1; step += 0.01) {
    for (const lightness of [l - step, l + step]) {
      if (lightness < 0 || lightness > 1) continue;
      const candidate = { ...hslToRgb(h, s, lightness), a: 1 };
      if (passes(candidate)) return toHex(candidate);
    }
  }
  const worst = (c: Rgba) => Math.min(...background.map((bg) => contrastRatio(c, bg)));
  return worst(BLACK) >= worst(WHITE) ? '#000000' : '#ffffff';
}

/** '4.52:1' (two decimals, never rounded up past the minimum it is compared with). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
