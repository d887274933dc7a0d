import type { CSSProperties } from 'react';
import { THEME_CHOICES, themeSchema, type Theme } from '../../../contract';
import './fonts';

export type ThemeFont = (typeof THEME_CHOICES.fontFamily)[number];

const SYSTEM_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The CSS font-family for a theme font choice; the bundled font first, system fonts as fallback. */
export function themeFontStack(name: string | undefined): string {
  if (!name || name === 'system' || !(THEME_CHOICES.fontFamily as readonly string[]).includes(name)) return SYSTEM_STACK;
  return `"${name}", ${SYSTEM_STACK}`;
}

/**
 * A theme as CSS custom properties (`--trivia-*`), to put in a `style` attribute on the player's
 * root (or the editor's preview). Values were validated by the contract's themeSchema on the
 * server, so they hold nothing that could break out of a declaration.
 */
export function themeToCssVariables(theme: Theme): CSSProperties {
  const vars: Record<`--trivia-${string}`, string> = {
    '--trivia-background': theme.backgroundColor,
    '--trivia-header': theme.headerColor,
    '--trivia-primary': theme.primaryColor,
    '--trivia-secondary': theme.secondaryColor,
    '--trivia-accent': theme.accentColor,
    '--trivia-container-background': theme.containerBackgroundColor,
    '--trivia-container-radius': theme.containerBorderRadius,
    '--trivia-container-shadow': theme.containerShadow,
    '--trivia-container-spacing': theme.containerSpacing,
    '--trivia-question-background': theme.questionBackgroundColor,
    '--trivia-question-text': theme.questionTextColor,
    '--trivia-question-size': theme.questionFontSize,
    '--trivia-question-weight': theme.questionFontWeight,
    '--trivia-answer-background': theme.answerBackgroundColor,
    '--trivia-answer-hover': theme.answerHoverBackgroundColor,
    '--trivia-answer-selected': theme.answerSelectedBackgroundColor,
    '--trivia-answer-text': theme.answerTextColor,
    '--trivia-answer-radius': theme.answerBorderRadius,
    '--trivia-answer-padding': theme.answerPadding,
    '--trivia-answer-margin': theme.answerMargin,
    '--trivia-font': themeFontStack(theme.fontFamily),
    '--trivia-heading-font': themeFontStack(theme.headingFontFamily || theme.fontFamily),
    '--trivia-base-size': theme.baseFontSize,
    '--trivia-heading-size': theme.headingFontSize,
    '--trivia-transition': theme.transitionSpeed,
    '--trivia-button-background': theme.buttonBackgroundColor,
    '--trivia-button-text': theme.buttonTextColor,
    '--trivia-button-hover': theme.buttonHoverBackgroundColor,
    '--trivia-button-radius': theme.buttonBorderRadius,
    '--trivia-progress': theme.progressBarColor,
    '--trivia-correct': theme.correctAnswerColor,
    '--trivia-incorrect': theme.incorrectAnswerColor,
  };
  return vars as CSSProperties;
}

/**
 * The CSS `background` of the player page: the optional image over the colour or gradient. Given
 * as one value (not through a custom property) so browsers resolve every layer. The editor's live
 * preview passes values as they are typed, so an image the theme schema would refuse (not https,
 * or with characters that could close the url()) is left out rather than requested.
 */
export function themeBackground(theme: Pick<Theme, 'backgroundColor' | 'backgroundImage'>): string {
  const image = theme.backgroundImage && themeSchema.shape.backgroundImage.safeParse(theme.backgroundImage).success ? theme.backgroundImage : '';
  return image ? `url("${image}") center / cover no-repeat, ${theme.backgroundColor}` : theme.backgroundColor;
}

/** Keyframes of the theme's animationStyle, for element.animate(). */
export function themeEnterKeyframes(style: Theme['animationStyle']): Keyframe[] {
  if (style === 'slide') return [{ opacity: 0, transform: 'translateX(24px)' }, { opacity: 1, transform: 'translateX(0)' }];
  if (style === 'fade') return [{ opacity: 0 }, { opacity: 1 }];
  return [];
}

/** '0.15s' -> 150 (ms). */
export function transitionMs(speed: string): number {
  const seconds = Number.parseFloat(speed);
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : 150;
}
