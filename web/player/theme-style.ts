import type { CSSProperties } from 'react';
import { DEFAULT_THEME, type Theme } from '../../contract';

const SYSTEM_STACK = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** A theme font name as a CSS font-family list ('system' is the platform's own font). */
export function fontStack(name: string | undefined): string {
  return !name || name === 'system' ? SYSTEM_STACK : `'${name}', ${SYSTEM_STACK}`;
}

/**
 * The group's theme as CSS custom properties on the player screen's root; player.css reads
 * them. Values were validated by the contract's theme schema, so they are safe inside CSS.
 */
export function themeStyle(theme: Theme | null | undefined): CSSProperties {
  const t = { ...DEFAULT_THEME, ...theme };
  const vars: Record<string, string> = {
    '--t-bg': t.backgroundColor,
    '--t-bg-image': t.backgroundImage ? `url("${t.backgroundImage}")` : 'none',
    '--t-header': t.headerColor,
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
    '--t-base-size': t.baseFontSize,
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
  return vars as CSSProperties;
}

export function animationClass(theme: Theme | null | undefined): string {
  const style = theme?.animationStyle ?? DEFAULT_THEME.animationStyle;
  return style === 'none' ? '' : `player-enter-${style}`;
}
