import { z } from 'zod';

/**
 * Theme values end up inside CSS declarations on the player screen, so every value is checked
 * against what that CSS property can hold: colours, gradients, the spec's listed choices, and an
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

const NUMBER = String.raw`-?\d{1,3}(?:\.\d+)?`;
const COLOR_FN = new RegExp(
  String.raw`^(?:rgb|rgba|hsl|hsla)\(\s*${NUMBER}(?:deg|%)?(?:\s*[,\s]\s*${NUMBER}%?){2}(?:\s*[,/]\s*${NUMBER}%?)?\s*\)$`,
  'i',
);
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NAMED = /^[a-z]{3,20}$/i;

export function isCssColor(value: string): boolean {
  const v = value.trim();
  return HEX.test(v) || COLOR_FN.test(v) || NAMED.test(v);
}

/** linear-/radial-gradient whose stops are colours with optional percentages. */
export function isCssGradient(value: string): boolean {
  const match = /^(linear|radial)-gradient\((.*)\)$/i.exec(value.trim());
  if (!match?.[2]) return false;
  const parts = splitTopLevel(match[2]);
  if (parts.length < 2) return false;
  const [first, ...rest] = parts;
  const stops = /^(?:-?\d{1,3}deg|to (?:top|bottom|left|right)(?: (?:top|bottom|left|right))?|circle|ellipse)$/i.test(first!.trim())
    ? rest
    : parts;
  return stops.length >= 2 && stops.every(isColorStop);
}

function isColorStop(stop: string): boolean {
  const m = /^(.*?)(?:\s+\d{1,3}(?:\.\d+)?%)?$/.exec(stop.trim());
  return !!m?.[1] && isCssColor(m[1]);
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth < 0) return [];
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return depth === 0 ? parts : [];
}

const INVALID = 'Valor de estilo no válido';
/** The player page's Content-Security-Policy loads images over https only. */
export const BACKGROUND_IMAGE_HTTPS = 'La imagen de fondo debe ser una URL https';
const color = z.string().trim().max(100).refine(isCssColor, INVALID);
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

/** The default theme (spec section 3: violet primary, green correct, red incorrect, 0.15s). */
export const DEFAULT_THEME: Theme = {
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
};
