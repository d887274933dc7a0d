import { z } from 'zod';
import { isCssColor, isCssGradient } from './css-colors';
import { unreadablePairs } from './theme-contrast';
import { unreadableMessage } from './theme-contrast-labels';
import { DEFAULT_THEME as DEFAULT_THEME_VALUES, type ThemeValues } from './theme-values';

export { isCssColor, isCssGradient } from './css-colors';

/**
 * Theme values end up inside CSS declarations on the player screen, so every value is checked
 * against what that CSS property can hold: colours, gradients, the listed choices (THEME_CHOICES), and an
 * https background image (the only images the player page's CSP loads). Nothing that could close
 * a declaration (`;`, `{`, `}`) or load another resource (`url(`, `@import`, `expression(`) passes.
 */
export const THEME_CHOICES = {
  fontFamily: ['system', 'Inter', 'Roboto', 'Poppins', 'Montserrat', 'Raleway', 'Open Sans', 'Lato'],
  baseFontSize: ['14px', '16px', '18px', '20px'],
  questionFontSize: ['1rem', '1.25rem', '1.5rem', '1.75rem'],
  questionFontWeight: ['400', '500', '600', '700'],
  headingFontSize: ['1.5rem', '1.75rem', '2rem', '2.25rem'],
  containerBorderRadius: ['0', '0.5rem', '0.8rem', '1.2rem', '2rem'],
  containerShadow: [
    'none',
    '0 1px 3px rgba(0,0,0,0.12)',
    '0 4px 12px rgba(0,0,0,0.12)',
    '0 10px 25px rgba(0,0,0,0.15)',
    '0 20px 45px rgba(0,0,0,0.2)',
  ],
  containerSpacing: ['0.5rem', '1rem', '1.5rem', '2rem'],
  answerMargin: ['0.25rem', '0.35rem', '0.5rem', '0.75rem'],
  answerPadding: ['0.5rem', '0.75rem', '1rem', '1.25rem'],
  answerBorderRadius: ['0', '0.4rem', '0.8rem', '1.2rem'],
  buttonBorderRadius: ['0', '0.3rem', '0.6rem', '1rem', '9999px'],
  animationStyle: ['fade', 'slide', 'none'],
  transitionSpeed: ['0.1s', '0.15s', '0.3s', '0.5s'],
} as const;

const INVALID = 'Valor de estilo no válido';
/** The player page's Content-Security-Policy loads images over https only. */
export const BACKGROUND_IMAGE_HTTPS = 'La imagen de fondo debe ser una URL https';
const color = z.string().trim().max(100).refine(isCssColor, INVALID);
/** An optional colour: empty means the player derives one (contract/theme-colors.ts deriveThemeColors). */
const derivedColor = z.union([z.literal(''), color]).optional();
const background = z
  .string()
  .trim()
  .max(300)
  .refine((v) => isCssColor(v) || isCssGradient(v), INVALID);
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'Selecciona una opción válida' });

export const themeSchema = z.strictObject({
  backgroundColor: background,
  backgroundImage: z
    .union([z.literal(''), z.url({ protocol: /^https$/, error: BACKGROUND_IMAGE_HTTPS }).max(500, BACKGROUND_IMAGE_HTTPS)])
    .refine((v) => !/[()'"\\\s]/.test(v), INVALID)
    .optional(),
  headerColor: color,
  primaryColor: color,
  secondaryColor: color,
  accentColor: color,
  containerBackgroundColor: background,
  cardHeadingColor: derivedColor,
  cardTextColor: derivedColor,
  containerBorderRadius: choice(THEME_CHOICES.containerBorderRadius),
  containerShadow: choice(THEME_CHOICES.containerShadow),
  containerSpacing: choice(THEME_CHOICES.containerSpacing),
  questionBackgroundColor: background,
  questionTextColor: color,
  questionFontSize: choice(THEME_CHOICES.questionFontSize),
  questionFontWeight: choice(THEME_CHOICES.questionFontWeight),
  answerBackgroundColor: color,
  answerHoverBackgroundColor: color,
  answerSelectedBackgroundColor: color,
  answerTextColor: color,
  answerBorderRadius: choice(THEME_CHOICES.answerBorderRadius),
  answerPadding: choice(THEME_CHOICES.answerPadding),
  answerMargin: choice(THEME_CHOICES.answerMargin),
  fontFamily: choice(THEME_CHOICES.fontFamily),
  baseFontSize: choice(THEME_CHOICES.baseFontSize),
  headingFontFamily: z.union([z.literal(''), choice(THEME_CHOICES.fontFamily)]).optional(),
  headingFontSize: choice(THEME_CHOICES.headingFontSize),
  transitionSpeed: choice(THEME_CHOICES.transitionSpeed),
  animationStyle: choice(THEME_CHOICES.animationStyle),
  buttonBackgroundColor: color,
  buttonTextColor: color,
  buttonHoverBackgroundColor: color,
  buttonBorderRadius: choice(THEME_CHOICES.buttonBorderRadius),
  progressBarColor: color,
  correctAnswerColor: color,
  incorrectAnswerColor: color,
});
export type Theme = z.infer<typeof themeSchema>;

export const themeUpdateSchema = z.strictObject({ theme: themeSchema });

/**
 * The theme as the editor saves it: valid, and with no load-bearing pair players could not read,
 * each refused on the field that fixes it, as the API refuses it (`theme_unreadable`).
 */
export const readableThemeSchema = themeSchema.superRefine((theme, ctx) => {
  for (const check of unreadablePairs(theme)) ctx.addIssue({ code: 'custom', path: [check.field], message: unreadableMessage(check) });
});

// The player screen reads themes through the zod-free shape (theme-values.ts): every valid theme must fit it.
const themeFitsValues: Theme extends ThemeValues ? true : false = true;
void themeFitsValues;

/** The default theme: violet primary, green correct, red incorrect, 0.15s. */
export const DEFAULT_THEME: Theme = DEFAULT_THEME_VALUES;
