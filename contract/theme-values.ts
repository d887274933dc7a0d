/**
 * Every value of a theme as the player screen reads it, and the default theme, without zod: the
 * player screen's own small build reads these (contract/theme.ts validates them).
 */

/** Every value of a theme as the player screen reads it (contract/theme.ts validates them). */
export interface ThemeValues {
  backgroundColor: string;
  backgroundImage?: string | undefined;
  /** The trivia's title over the page background. */
  headerColor: string;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  containerBackgroundColor: string;
  /** Headings inside the card; empty or missing: derived (deriveThemeColors). */
  cardHeadingColor?: string | undefined;
  /** Text inside the card (labels, help text); empty or missing: derived (deriveThemeColors). */
  cardTextColor?: string | undefined;
  containerBorderRadius: string;
  containerShadow: string;
  containerSpacing: string;
  questionBackgroundColor: string;
  questionTextColor: string;
  questionFontSize: string;
  questionFontWeight: string;
  answerBackgroundColor: string;
  answerHoverBackgroundColor: string;
  answerSelectedBackgroundColor: string;
  answerTextColor: string;
  answerBorderRadius: string;
  answerPadding: string;
  answerMargin: string;
  fontFamily: string;
  baseFontSize: string;
  headingFontFamily?: string | undefined;
  headingFontSize: string;
  transitionSpeed: string;
  animationStyle: string;
  buttonBackgroundColor: string;
  buttonTextColor: string;
  buttonHoverBackgroundColor: string;
  buttonBorderRadius: string;
  progressBarColor: string;
  correctAnswerColor: string;
  incorrectAnswerColor: string;
}

/** The default theme: violet primary, green correct, red incorrect, 0.15s. */
export const DEFAULT_THEME = {
  backgroundColor: 'linear-gradient(135deg, #f0f4ff, #ffffff)',
  backgroundImage: '',
  headerColor: '#1e1b4b',
  primaryColor: '#7c3aed',
  secondaryColor: '#a78bfa',
  accentColor: '#f59e0b',
  containerBackgroundColor: '#ffffff',
  containerBorderRadius: '1.2rem',
  containerShadow: '0 10px 25px rgba(0,0,0,0.15)',
  containerSpacing: '1.5rem',
  questionBackgroundColor: '#f5f3ff',
  questionTextColor: '#1e1b4b',
  questionFontSize: '1.25rem',
  questionFontWeight: '600',
  answerBackgroundColor: '#ffffff',
  answerHoverBackgroundColor: '#ede9fe',
  answerSelectedBackgroundColor: '#ddd6fe',
  answerTextColor: '#1f2937',
  answerBorderRadius: '0.8rem',
  answerPadding: '1rem',
  answerMargin: '0.5rem',
  fontFamily: 'Inter',
  baseFontSize: '16px',
  headingFontFamily: '',
  headingFontSize: '1.75rem',
  transitionSpeed: '0.15s',
  animationStyle: 'fade',
  buttonBackgroundColor: '#7c3aed',
  buttonTextColor: '#ffffff',
  buttonHoverBackgroundColor: '#6d28d9',
  buttonBorderRadius: '0.6rem',
  progressBarColor: '#7c3aed',
  correctAnswerColor: '#16a34a',
  incorrectAnswerColor: '#dc2626',
} as const;
