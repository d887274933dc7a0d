import { DEFAULT_THEME, type Theme } from '../../contract';

/**
 * Navy on teal: a theme whose title over the background, question over its box and answers over
 * theirs read under WCAG AA (the contrast rule refuses it on save and corrects it when served).
 */
export const NAVY_ON_TEAL_THEME: Theme = {
  ...DEFAULT_THEME,
  backgroundColor: '#0f766e',
  headerColor: '#1e1b4b',
  questionBackgroundColor: '#0f766e',
  questionTextColor: '#1e1b4b',
  answerBackgroundColor: '#0d9488',
  answerTextColor: '#1e1b4b',
};
