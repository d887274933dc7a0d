/** The theme as the player screen's CSS custom properties (--t-*), without zod or React. */
import { isCssColor } from './css-colors';
import { deriveThemeColors } from './theme-colors';
import { DEFAULT_THEME, type ThemeValues } from './theme-values';

const SYSTEM_STACK = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** A theme font name as a CSS font-family list ('system' is the platform's own font). */
export function fontStack(name: string | undefined): string {
  return !name || name === 'system' ? SYSTEM_STACK : `'${name}', ${SYSTEM_STACK}`;
}

/**
 * A theme size in rem: a theme's base font sizes are pixels ('16px'), which would not follow the
 * phone's text size setting; 16px is 1rem at the browser's default.
 */
export function remSize(size: string): string {
  const px = /^(\d+(?:\.\d+)?)px$/.exec(size);
  return px ? `${Number(px[1]) / 16}rem` : size;
}

/**
 * The group's theme as CSS custom properties on the player screen's root; player.css reads
 * them. The player screen sets them (web/player/theme-style.ts), and so does the server in the
 * page it sends for a trivia's address. Values were validated by the contract's theme schema, so
 * they are safe inside CSS.
 * The theme alone decides every colour: the device's dark mode never does (player.css).
 */
export function themeVariables(theme: Partial<ThemeValues> | null | undefined): Record<string, string> {
  const t: ThemeValues = { ...DEFAULT_THEME, ...theme };
  const derived = deriveThemeColors(t);
  const vars: Record<string, string> = {
    '--t-bg': t.backgroundColor,
    // The background as an image layer (a gradient already is one), painted over the screen's white base.
    '--t-bg-layer': isCssColor(t.backgroundColor) ? `linear-gradient(${t.backgroundColor}, ${t.backgroundColor})` : t.backgroundColor,
    '--t-bg-image': t.backgroundImage ? `url("${t.backgroundImage}")` : 'none',
    // The title over the page background (the theme's headerColor) …
    '--t-header': derived.title,
    // … and the colours inside the card, derived from the card's background when the theme leaves them empty.
    '--t-card-heading': derived.cardHeading,
    '--t-card-text': derived.cardText,
    '--t-card-muted': derived.cardMuted,
    '--t-primary': t.primaryColor,
    '--t-secondary': t.secondaryColor,
    '--t-accent': t.accentColor,
    '--t-container-bg': t.containerBackgroundColor,
    '--t-container-radius': t.containerBorderRadius,
    '--t-container-shadow': t.containerShadow,
    '--t-spacing': t.containerSpacing,
    '--t-question-bg': t.questionBackgroundColor,
    '--t-question-color': t.questionTextColor,
    '--t-question-size': t.questionFontSize,
    '--t-question-weight': t.questionFontWeight,
    '--t-answer-bg': t.answerBackgroundColor,
    '--t-answer-hover': t.answerHoverBackgroundColor,
    '--t-answer-selected': t.answerSelectedBackgroundColor,
    '--t-answer-color': t.answerTextColor,
    '--t-answer-radius': t.answerBorderRadius,
    '--t-answer-padding': t.answerPadding,
    '--t-answer-margin': t.answerMargin,
    '--t-font': fontStack(t.fontFamily),
    '--t-heading-font': fontStack(t.headingFontFamily || t.fontFamily),
    '--t-base-size': remSize(t.baseFontSize),
    '--t-heading-size': t.headingFontSize,
    '--t-speed': t.transitionSpeed,
    '--t-button-bg': t.buttonBackgroundColor,
    '--t-button-color': t.buttonTextColor,
    '--t-button-hover': t.buttonHoverBackgroundColor,
    '--t-button-radius': t.buttonBorderRadius,
    '--t-progress': t.progressBarColor,
    '--t-correct': t.correctAnswerColor,
    '--t-incorrect': t.incorrectAnswerColor,
  };
  return vars;
}

/** The card's entrance animation class for the theme's animation style ('' for none). */
export function animationClass(theme: Partial<ThemeValues> | null | undefined): string {
  const style = theme?.animationStyle ?? DEFAULT_THEME.animationStyle;
  return style === 'none' ? '' : `player-enter-${style}`;
}
