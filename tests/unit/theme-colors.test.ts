import { describe, expect, it } from 'vitest';
import { themeSchema } from '../../contract';
import { AA_TEXT, contrastRatio, formatRatio, suggestPassingColor, worstContrast } from '../../contract/contrast';
import { paintColors, parseColor } from '../../contract/css-colors';
import { deriveThemeColors } from '../../contract/theme-colors';
import { readableTheme, themeContrastChecks, unreadablePairs } from '../../contract/theme-contrast';
import { DEFAULT_THEME, type ThemeValues } from '../../contract/theme-values';
import { DEMO_THEME } from '../../db/seed/demo-content';

const rgb = (value: string) => parseColor(value)!;
const ratio = (fg: string, bg: string) => contrastRatio(rgb(fg), rgb(bg));
const check = (theme: ThemeValues, id: string) => themeContrastChecks(theme).find((c) => c.id === id)!;

describe('colour values', () => {
  it('reads hex, rgb(), hsl(), names and transparent as sRGB', () => {
    expect(parseColor('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc, a: 1 });
    expect(parseColor('#11223380')).toMatchObject({ r: 0x11, g: 0x22, b: 0x33 });
    expect(parseColor('#11223380')!.a).toBeCloseTo(0.5, 2);
    expect(parseColor('rgb(10, 20, 30)')).toEqual({ r: 10, g: 20, b: 30, a: 1 });
    expect(parseColor('rgb(10 20 30 / 50%)')).toEqual({ r: 10, g: 20, b: 30, a: 0.5 });
    expect(parseColor('rgba(255,0,0,0.25)')).toEqual({ r: 255, g: 0, b: 0, a: 0.25 });
    expect(parseColor('hsl(0, 100%, 50%)')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(parseColor('hsl(240deg 100% 50%)')).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    expect(parseColor('RebeccaPurple')).toEqual({ r: 0x66, g: 0x33, b: 0x99, a: 1 });
    expect(parseColor('transparent')).toMatchObject({ a: 0 });
  });

  it('refuses what a browser would drop: unknown names, broken functions', () => {
    for (const bad of ['banana', 'rgb(1, 2)', 'hsl(10%, 50%, 50%)', '#12', 'red;}', '']) expect(parseColor(bad), bad).toBeNull();
    expect(themeSchema.shape.primaryColor.safeParse('banana').success).toBe(false);
    expect(themeSchema.shape.primaryColor.safeParse('navy').success).toBe(true);
  });

  it('paints gradients as their stops and translucent colours over what lies beneath', () => {
    expect(paintColors('linear-gradient(135deg, #000000, #ffffff 80%)')).toEqual([rgb('#000'), rgb('#fff')]);
    expect(paintColors('rgba(0,0,0,0.5)', [rgb('#ffffff')])).toEqual([{ r: 127.5, g: 127.5, b: 127.5, a: 1 }]);
    expect(paintColors('url(x)')).toBeNull();
  });
});

describe('contrast (WCAG 2.2)', () => {
  it('computes the ratios WCAG gives for known pairs', () => {
    expect(ratio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(ratio('#ffffff', '#ffffff')).toBe(1);
    expect(ratio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(ratio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(ratio('#ffffff', '#7c3aed')).toBeCloseTo(ratio('#7c3aed', '#ffffff'), 10);
  });

  it('measures a text over a gradient at its worst stop', () => {
    expect(worstContrast('#ffffff', paintColors('linear-gradient(#000000, #777777)')!)).toBeCloseTo(4.48, 2);
  });

  it('suggests the nearest passing colour, keeping the hue', () => {
    const white = [rgb('#ffffff')];
    const suggestion = suggestPassingColor('#a78bfa', white, AA_TEXT);
    expect(ratio(suggestion, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    const { r, g, b } = rgb(suggestion);
    expect(b).toBeGreaterThan(r);
    expect(r).toBeGreaterThan(g); // still a violet
    expect(suggestPassingColor('#1e1b4b', white, AA_TEXT)).toBe('#1e1b4b');
    // Against black and white at once no lightness reaches 4.5: the better of black or white.
    expect(suggestPassingColor('#808080', [rgb('#000'), rgb('#fff')], 7)).toMatch(/^#(000000|ffffff)$/);
  });

  it('never rounds a ratio up past its minimum', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });
});

describe('colours split by where they are used', () => {
  it.each([
    ['the default theme', DEFAULT_THEME],
    ['the demo theme', DEMO_THEME],
  ])('%s looks as before: headings in its header colour, text in its answer text colour, every pair AA', (_name, theme) => {
    const derived = deriveThemeColors({ ...theme });
    expect(derived.title).toBe(theme.headerColor);
    expect(derived.cardHeading).toBe(theme.headerColor);
    expect(derived.cardText).toBe(theme.answerTextColor);
    // The secondary text used to be the text at 65 % opacity (under 4.5:1); now it passes.
    expect(worstContrast(derived.cardMuted, [rgb(theme.containerBackgroundColor)])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(themeContrastChecks({ ...theme }).filter((c) => !c.passes)).toEqual([]);
  });

  it('a white header colour over a dark background keeps the title white and the card headings readable', () => {
    const theme = { ...DEFAULT_THEME, backgroundColor: '#0f172a', headerColor: '#ffffff' };
    const derived = deriveThemeColors(theme);
    expect(derived.title).toBe('#ffffff');
    expect(derived.cardHeading).toBe(theme.questionTextColor);
    expect(ratio(derived.cardHeading, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(check(theme, 'title').passes).toBe(true);
    expect(check(theme, 'card-heading').passes).toBe(true);
  });

  it('a dark card gets light headings and text when the theme sets none', () => {
    const theme = { ...DEFAULT_THEME, containerBackgroundColor: '#1e293b', headerColor: '#1e1b4b', questionTextColor: '#1e1b4b', answerTextColor: '#1f2937' };
    const derived = deriveThemeColors(theme);
    expect(worstContrast(derived.cardHeading, [rgb('#1e293b')])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(worstContrast(derived.cardText, [rgb('#1e293b')])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(worstContrast(derived.cardMuted, [rgb('#1e293b')])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('colours the theme sets for the card are used as they are, and flagged when they fail', () => {
    const theme = { ...DEFAULT_THEME, cardHeadingColor: '#dddddd', cardTextColor: '#333333' };
    expect(deriveThemeColors(theme)).toMatchObject({ cardHeading: '#dddddd', cardText: '#333333' });
    const heading = check(theme, 'card-heading');
    expect(heading).toMatchObject({ field: 'cardHeadingColor', passes: false, minimum: AA_TEXT });
    expect(heading.ratio).toBeCloseTo(ratio('#dddddd', '#ffffff'), 5);
    expect(check({ ...theme, cardHeadingColor: heading.suggestion! }, 'card-heading').passes).toBe(true);
  });

  it('flags a failing pair with its ratio and a suggestion that passes every background of the pair', () => {
    const theme = { ...DEFAULT_THEME, buttonTextColor: '#c4b5fd' };
    const button = check(theme, 'button');
    expect(button.passes).toBe(false);
    expect(button.ratio).toBeLessThan(AA_TEXT);
    const fixed = { ...theme, buttonTextColor: button.suggestion! };
    expect(check(fixed, 'button').passes).toBe(true);
  });

  it('measures the white marks over the correct and incorrect colours and suggests a darker one', () => {
    const theme = { ...DEFAULT_THEME, correctAnswerColor: '#86efac' };
    const correct = check(theme, 'correct');
    expect(correct).toMatchObject({ field: 'correctAnswerColor', passes: false });
    expect(ratio('#ffffff', correct.suggestion!)).toBeGreaterThanOrEqual(3);
  });
});

describe('the load-bearing pairs', () => {
  const navyOnTeal: ThemeValues = { ...DEFAULT_THEME, backgroundColor: '#0f766e', headerColor: '#1e1b4b', questionBackgroundColor: '#0f766e', questionTextColor: '#1e1b4b', primaryColor: '#5eead4' };

  it('are the title, the card, the question, the answers and the buttons; a failing mark is no refusal', () => {
    expect(unreadablePairs(navyOnTeal).map((c) => c.id)).toEqual(['title', 'question', 'button', 'outline']);
    expect(unreadablePairs({ ...DEFAULT_THEME, progressBarColor: '#e9d5ff', correctAnswerColor: '#86efac' })).toEqual([]);
  });

  it('are corrected one after another, the buttons\' text against the corrected primary; a readable theme is returned as it is', () => {
    const corrected = readableTheme(navyOnTeal);
    expect(unreadablePairs(corrected)).toEqual([]);
    expect(corrected.primaryColor).not.toBe(navyOnTeal.primaryColor);
    expect(corrected.backgroundColor).toBe(navyOnTeal.backgroundColor);
    expect(readableTheme(DEFAULT_THEME)).toBe(DEFAULT_THEME);
  });
});
