/**
 * The colour pairs of the player screen, measured as the player shows them, and the one rule on
 * them (docs/decisions.md, "A theme players cannot read never reaches them"): the pairs that carry
 * what a player must read to play are load-bearing. A theme where one fails is refused when saved
 * (the editor and the API) and served corrected when one stored before the rule reaches players
 * (readableTheme, applied by the server); the other pairs (marks and bars) are warnings the
 * organiser may keep.
 */
import { AA_LARGE, AA_TEXT, suggestPassingColor, worstContrast } from './contrast';
import { WHITE, paintColors, parseColor, type Rgba } from './css-colors';
import { cardColors, deriveThemeColors } from './theme-colors';
import type { ThemeValues } from './theme-values';

/** The colour fields a suggestion may change (plain colours, never gradients). */
export type AdjustableColorField =
  | 'headerColor'
  | 'cardHeadingColor'
  | 'cardTextColor'
  | 'questionTextColor'
  | 'answerTextColor'
  | 'buttonTextColor'
  | 'primaryColor'
  | 'progressBarColor'
  | 'correctAnswerColor'
  | 'incorrectAnswerColor';

/** The colour pairs checked; their words are in theme-contrast-labels.ts, out of the player's build. */
export type ContrastPairId = 'title' | 'card-heading' | 'card-text' | 'question' | 'answer' | 'button' | 'outline' | 'progress' | 'correct' | 'incorrect';

export interface ContrastCheck {
  id: ContrastPairId;
  /** The field a suggestion changes. */
  field: AdjustableColorField;
  /** Text a player must read to play: a failing one cannot be saved, and is corrected on screen. */
  loadBearing: boolean;
  ratio: number | null;
  minimum: number;
  passes: boolean;
  /** A value for `field` that passes (null when the pair passes or cannot be measured). */
  suggestion: string | null;
}

interface PairSpec {
  id: ContrastPairId;
  field: AdjustableColorField;
  minimum: number;
  /** The colour the field paints, against these opaque colours. */
  foreground: string;
  background: Rgba[] | null;
  /** When the field is the background of a fixed foreground (white marks on correct/incorrect). */
  fixedForeground?: string;
}

/**
 * Every colour pair of the player screen that carries text or a meaningful mark, measured as the
 * player shows it (translucent colours over what lies beneath; a gradient at its worst stop).
 */
export function themeContrastChecks(theme: ThemeValues): ContrastCheck[] {
  const derived = deriveThemeColors(theme);
  const page = paintColors(theme.backgroundColor);
  const card = cardColors(theme);
  const paint = (value: string, backdrop: Rgba[]) => paintColors(value, backdrop);
  const pairs: PairSpec[] = [
    // The header colour also paints the big screen's small lines ("Ranking en vivo", the tie rule): text-sized, not large.
    { id: 'title', field: 'headerColor', minimum: AA_TEXT, foreground: theme.headerColor, background: page },
    { id: 'card-heading', field: 'cardHeadingColor', minimum: AA_TEXT, foreground: derived.cardHeading, background: card },
    { id: 'card-text', field: 'cardTextColor', minimum: AA_TEXT, foreground: derived.cardText, background: card },
    { id: 'question', field: 'questionTextColor', minimum: AA_TEXT, foreground: theme.questionTextColor, background: paint(theme.questionBackgroundColor, card) },
    {
      id: 'answer',
      field: 'answerTextColor',
      minimum: AA_TEXT,
      foreground: theme.answerTextColor,
      background: union(paint(theme.answerBackgroundColor, card), paint(theme.answerHoverBackgroundColor, card), paint(theme.answerSelectedBackgroundColor, card)),
    },
    {
      id: 'button',
      field: 'buttonTextColor',
      minimum: AA_TEXT,
      foreground: theme.buttonTextColor,
      background: union(paint(theme.buttonBackgroundColor, card), paint(theme.buttonHoverBackgroundColor, card), paint(theme.primaryColor, card)),
    },
    { id: 'outline', field: 'primaryColor', minimum: AA_TEXT, foreground: theme.primaryColor, background: card },
    { id: 'progress', field: 'progressBarColor', minimum: AA_LARGE, foreground: theme.progressBarColor, background: card },
    { id: 'correct', field: 'correctAnswerColor', minimum: AA_LARGE, foreground: theme.correctAnswerColor, background: card, fixedForeground: '#ffffff' },
    { id: 'incorrect', field: 'incorrectAnswerColor', minimum: AA_LARGE, foreground: theme.incorrectAnswerColor, background: card, fixedForeground: '#ffffff' },
  ];
  return pairs.map(measure);
}

/** Every colour of several backgrounds (null when one of them cannot be measured). */
function union(...backgrounds: (Rgba[] | null)[]): Rgba[] | null {
  return backgrounds.every((b) => b !== null) ? backgrounds.flat() : null;
}

function measure(pair: PairSpec): ContrastCheck {
  const { id, field, minimum } = pair;
  const loadBearing = LOAD_BEARING_PAIRS.has(id);
  if (pair.fixedForeground) {
    // The field is a background under a fixed mark colour: measure the mark over it.
    const markBackground = paintColors(pair.foreground, pair.background ?? [WHITE]);
    const ratio = markBackground ? worstContrast(pair.fixedForeground, markBackground) : null;
    const passes = ratio === null || ratio >= minimum;
    const fixed = parseColor(pair.fixedForeground) ?? WHITE;
    return { id, field, loadBearing, minimum, ratio, passes, suggestion: passes ? null : suggestPassingColor(pair.foreground, [fixed], minimum) };
  }
  const ratio = pair.background ? worstContrast(pair.foreground, pair.background) : null;
  const passes = ratio === null || ratio >= minimum;
  return { id, field, loadBearing, minimum, ratio, passes, suggestion: passes || !pair.background ? null : suggestPassingColor(pair.foreground, pair.background, minimum) };
}

/**
 * The pairs that carry the trivia: its title, the headings and text of the card, the question, the
 * answers and the buttons' text (the filled buttons and the outlined one). The progress bar and the
 * correct/incorrect marks repeat what the text says, so they stay warnings.
 */
const LOAD_BEARING_PAIRS: ReadonlySet<ContrastPairId> = new Set<ContrastPairId>(['title', 'card-heading', 'card-text', 'question', 'answer', 'button', 'outline']);

/** The load-bearing pairs of a theme that a player could not read. */
export function unreadablePairs(theme: ThemeValues): ContrastCheck[] {
  return themeContrastChecks(theme).filter((check) => check.loadBearing && !check.passes);
}

/**
 * The theme as the server serves it to players (their bundle, the page's first paint, the big
 * screen): each load-bearing colour that fails replaced by its suggestion (the nearest colour that
 * reads), one pair at a time so that a later pair is measured against the corrected colours (the
 * buttons' text over a corrected primary). A theme saved under the rule is returned as it is (the
 * same object); one stored before it, or copied from one, reaches no player unreadable.
 */
export function readableTheme<T extends ThemeValues>(theme: T): T {
  let corrected = theme;
  for (let round = 0; round < LOAD_BEARING_PAIRS.size; round++) {
    const failing = unreadablePairs(corrected).find((check) => check.suggestion !== null && check.suggestion !== corrected[check.field]);
    if (!failing) break;
    corrected = { ...corrected, [failing.field]: failing.suggestion };
  }
  return corrected;
}
