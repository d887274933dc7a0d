/**
 * The colours the player screen derives from a theme: the card's colours, and the headings and
 * text inside the card when the theme leaves them empty.
 */
import { AA_TEXT, contrastRatio, suggestPassingColor, worstContrast } from './contrast';
import { WHITE, over, paintColors, parseColor, toHex, type Rgba } from './css-colors';
import type { ThemeValues } from './theme-values';

/** The opaque colours of the card: its paint over white (the player screen's base under every layer). */
export function cardColors(theme: Pick<ThemeValues, 'containerBackgroundColor'>): Rgba[] {
  return paintColors(theme.containerBackgroundColor) ?? [WHITE];
}

/** The first candidate that reads over the background, otherwise the colour nearest to the first that does. */
function readable(candidates: string[], background: Rgba[]): string {
  const passing = candidates.find((c) => (worstContrast(c, background) ?? 0) >= AA_TEXT);
  return passing ?? suggestPassingColor(candidates[0]!, background, AA_TEXT);
}

export interface DerivedThemeColors {
  /** The trivia's title over the page background: the theme's headerColor. */
  title: string;
  /** Headings and highlighted text inside the card (welcome, result title, score). */
  cardHeading: string;
  /** Text inside the card (labels, help text). */
  cardText: string;
  /** Secondary text inside the card: the card text toward the card's colour, still ≥ 4.5:1. */
  cardMuted: string;
}

/**
 * The colours split by where they are used. A theme that sets cardHeadingColor / cardTextColor
 * gets them as they are; otherwise the headings take headerColor and the text answerTextColor
 * (what the player showed before the split) when they read over the card, then the question's
 * text colour, then the colour nearest to them that does, so a stored theme stays readable
 * without a migration.
 */
export function deriveThemeColors(theme: ThemeValues): DerivedThemeColors {
  const card = cardColors(theme);
  const cardHeading = theme.cardHeadingColor || readable([theme.headerColor, theme.questionTextColor, theme.answerTextColor], card);
  const cardText = theme.cardTextColor || readable([theme.answerTextColor, theme.questionTextColor, cardHeading], card);
  return { title: theme.headerColor, cardHeading, cardText, cardMuted: mutedText(cardText, card) };
}

function mutedText(text: string, card: Rgba[]): string {
  const fg = parseColor(text);
  const base = card[0];
  if (!fg || !base) return text;
  const opaque = over(fg, base);
  for (const share of [0.7, 0.75, 0.8, 0.85, 0.9]) {
    const mixed = { r: opaque.r * share + base.r * (1 - share), g: opaque.g * share + base.g * (1 - share), b: opaque.b * share + base.b * (1 - share), a: 1 };
    if (card.every((bg) => contrastRatio(mixed, bg) >= AA_TEXT)) return toHex(mixed);
  }
  return text;
}
