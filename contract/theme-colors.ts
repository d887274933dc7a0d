/**
 * The theme's colours without zod, for the player screen's own small build and the theme editor:
 * the default theme, which CSS colour and gradient values a theme may hold, the colours the player
 * screen derives (headings and text inside the card), and the one contrast rule (WCAG 2.2 AA) that
 * the editor's checks, the derivation and the tests all use.
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

// ── Colour values ─────────────────────────────────────────────────────────────────────────────

/** An sRGB colour, channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

// CSS named colours (CSS Color 4), as 6-digit hex without '#'.
const NAMED_COLORS: Record<string, string> = Object.fromEntries(
  (
    'aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque ffe4c4 black 000000 ' +
    'blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 ' +
    'chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b ' +
    'darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b ' +
    'darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000 darksalmon e9967a ' +
    'darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f darkslategrey 2f4f4f darkturquoise 00ced1 ' +
    'darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff dimgray 696969 dimgrey 696969 dodgerblue 1e90ff ' +
    'firebrick b22222 floralwhite fffaf0 forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 ' +
    'goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0 hotpink ff69b4 ' +
    'indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa lavenderblush fff0f5 lawngreen 7cfc00 ' +
    'lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff lightgoldenrodyellow fafad2 lightgray d3d3d3 ' +
    'lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa ' +
    'lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 ' +
    'linen faf0e6 magenta ff00ff maroon 800000 mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 ' +
    'mediumpurple 9370db mediumseagreen 3cb371 mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc ' +
    'mediumvioletred c71585 midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead ' +
    'navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500 orchid da70d6 ' +
    'palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 ' +
    'peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6 purple 800080 rebeccapurple 663399 red ff0000 ' +
    'rosybrown bc8f8f royalblue 4169e1 saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 ' +
    'seashell fff5ee sienna a0522d silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 ' +
    'snow fffafa springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 ' +
    'turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32'
  )
    .split(' ')
    .reduce<[string, string][]>((pairs, word, i, words) => (i % 2 === 0 ? [...pairs, [word, words[i + 1]!]] : pairs), []),
);

const NUMBER = String.raw`-?\d{1,3}(?:\.\d+)?`;
const COLOR_FN = new RegExp(
  String.raw`^(rgb|rgba|hsl|hsla)\(\s*(${NUMBER})(deg|%)?(?:\s*[,\s]\s*(${NUMBER})(%?)){1}(?:\s*[,\s]\s*(${NUMBER})(%?)){1}(?:\s*[,/]\s*(${NUMBER})(%?))?\s*\)$`,
  'i',
);
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A CSS colour as sRGB: #hex (3, 4, 6, 8 digits), rgb()/rgba(), hsl()/hsla() (comma or space
 * separated, optional alpha), a CSS named colour or `transparent`; anything else is null.
 */
export function parseColor(value: string): Rgba | null {
  const v = value.trim().toLowerCase();
  if (HEX.test(v)) {
    const digits = v.length <= 5 ? [...v.slice(1)].map((c) => c + c) : (v.slice(1).match(/../g) ?? []);
    const [r, g, b, a] = digits.map((d) => Number.parseInt(d, 16));
    return { r: r!, g: g!, b: b!, a: a === undefined ? 1 : a / 255 };
  }
  if (v === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const named = NAMED_COLORS[v];
  if (named) return parseColor(`#${named}`);
  const fn = COLOR_FN.exec(v);
  if (!fn) return null;
  const [, kind, first, firstUnit, second, secondPct, third, thirdPct, alpha, alphaPct] = fn;
  const a = alpha === undefined ? 1 : clamp(Number(alpha) / (alphaPct ? 100 : 1), 0, 1);
  if (kind!.startsWith('rgb')) {
    const channel = (n: string, pct: string | undefined) => clamp(pct ? (Number(n) * 255) / 100 : Number(n), 0, 255);
    if (firstUnit === 'deg') return null;
    return { r: channel(first!, firstUnit), g: channel(second!, secondPct), b: channel(third!, thirdPct), a };
  }
  if (firstUnit === '%') return null;
  return { ...hslToRgb(Number(first), clamp(Number(second), 0, 100) / 100, clamp(Number(third), 0, 100) / 100), a };
}

/** True for the colour values a theme may hold: every one parseColor understands. */
export function isCssColor(value: string): boolean {
  return parseColor(value) !== null;
}

/** The colours of a linear-/radial-gradient (stops with optional percentages), or null when it is not one. */
export function gradientColors(value: string): Rgba[] | null {
  const match = /^(linear|radial)-gradient\((.*)\)$/i.exec(value.trim());
  if (!match?.[2]) return null;
  const parts = splitTopLevel(match[2]);
  if (parts.length < 2) return null;
  const [first, ...rest] = parts;
  const stops = /^(?:-?\d{1,3}deg|to (?:top|bottom|left|right)(?: (?:top|bottom|left|right))?|circle|ellipse)$/i.test(first!.trim())
    ? rest
    : parts;
  if (stops.length < 2) return null;
  const colors = stops.map((stop) => {
    const m = /^(.*?)(?:\s+\d{1,3}(?:\.\d+)?%)?$/.exec(stop.trim());
    return m?.[1] ? parseColor(m[1]) : null;
  });
  return colors.every((c) => c !== null) ? colors : null;
}

/** linear-/radial-gradient whose stops are colours with optional percentages. */
export function isCssGradient(value: string): boolean {
  return gradientColors(value) !== null;
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

function hslToRgb(hue: number, s: number, l: number): Omit<Rgba, 'a'> {
  const h = (((hue % 360) + 360) % 360) / 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const value = x < 1 / 6 ? p + (q - p) * 6 * x : x < 1 / 2 ? q : x < 2 / 3 ? p + (q - p) * (2 / 3 - x) * 6 : p;
    return value * 255;
  };
  return { r: channel(h + 1 / 3), g: channel(h), b: channel(h - 1 / 3) };
}

function rgbToHsl({ r, g, b }: Rgba): { h: number; s: number; l: number } {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: h * 60, s, l };
}

/** '#rrggbb' of an opaque colour. */
export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((c) => Math.round(clamp(c, 0, 255)).toString(16).padStart(2, '0')).join('')}`;
}

/** A colour painted over an opaque backdrop (alpha compositing). */
function over(top: Rgba, backdrop: Rgba): Rgba {
  const mix = (a: number, b: number) => a * top.a + b * (1 - top.a);
  return { r: mix(top.r, backdrop.r), g: mix(top.g, backdrop.g), b: mix(top.b, backdrop.b), a: 1 };
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/**
 * The opaque colours a paint (a colour or a gradient) shows over the backdrop's colours: every
 * stop over every backdrop colour. Null when the value is neither.
 */
export function paintColors(value: string, backdrop: Rgba[] = [WHITE]): Rgba[] | null {
  const single = parseColor(value);
  const colors = single ? [single] : gradientColors(value);
  if (!colors) return null;
  return colors.flatMap((c) => (c.a >= 1 ? [c] : backdrop.map((b) => over(c, b))));
}

// ── Contrast (WCAG 2.2) ──────────────────────────────────────────────────────────────────────

/** Relative luminance of an opaque sRGB colour (WCAG 2.2). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** WCAG 2.2 AA minimums: body text, and large text (≥ 24 px, or ≥ 18.66 px bold) or UI parts and icons. */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

/** The lowest ratio of a foreground (a colour, possibly translucent) over any of the background's colours. */
export function worstContrast(foreground: string, background: Rgba[]): number | null {
  const fg = parseColor(foreground);
  if (!fg || background.length === 0) return null;
  return Math.min(...background.map((bg) => contrastRatio(over(fg, bg), bg)));
}

/**
 * The colour nearest to `foreground` (same hue and saturation, the closest lightness) that
 * reaches `minimum` over every background colour; black or white when no lightness does.
 */
export function suggestPassingColor(foreground: string, background: Rgba[], minimum: number): string {
  const fg = parseColor(foreground) ?? BLACK;
  const passes = (c: Rgba) => background.every((bg) => contrastRatio(c, bg) >= minimum);
  const opaque = { ...fg, a: 1 };
  if (fg.a >= 1 && passes(opaque)) return toHex(opaque);
  const { h, s, l } = rgbToHsl(opaque);
  for (let step = 0.01; step <= 1; step += 0.01) {
    for (const lightness of [l - step, l + step]) {
      if (lightness < 0 || lightness > 1) continue;
      const candidate = { ...hslToRgb(h, s, lightness), a: 1 };
      if (passes(candidate)) return toHex(candidate);
    }
  }
  const worst = (c: Rgba) => Math.min(...background.map((bg) => contrastRatio(c, bg)));
  return worst(BLACK) >= worst(WHITE) ? '#000000' : '#ffffff';
}

// ── Colours the player screen derives ─────────────────────────────────────────────────────────

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

// ── The pairs the editor checks ───────────────────────────────────────────────────────────────

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

export interface ContrastCheck {
  id: string;
  /** What the pair is, in the editor's words. */
  label: string;
  /** The field a suggestion changes. */
  field: AdjustableColorField;
  ratio: number | null;
  minimum: number;
  passes: boolean;
  /** A value for `field` that passes (null when the pair passes or cannot be measured). */
  suggestion: string | null;
}

interface PairSpec {
  id: string;
  label: string;
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
    { id: 'title', label: 'Título sobre el fondo', field: 'headerColor', minimum: AA_LARGE, foreground: theme.headerColor, background: page },
    { id: 'card-heading', label: 'Títulos dentro de la tarjeta', field: 'cardHeadingColor', minimum: AA_TEXT, foreground: derived.cardHeading, background: card },
    { id: 'card-text', label: 'Texto dentro de la tarjeta', field: 'cardTextColor', minimum: AA_TEXT, foreground: derived.cardText, background: card },
    { id: 'question', label: 'Texto de la pregunta', field: 'questionTextColor', minimum: AA_TEXT, foreground: theme.questionTextColor, background: paint(theme.questionBackgroundColor, card) },
    {
      id: 'answer',
      label: 'Texto de respuesta (normal, al pasar el cursor y seleccionada)',
      field: 'answerTextColor',
      minimum: AA_TEXT,
      foreground: theme.answerTextColor,
      background: union(paint(theme.answerBackgroundColor, card), paint(theme.answerHoverBackgroundColor, card), paint(theme.answerSelectedBackgroundColor, card)),
    },
    {
      id: 'button',
      label: 'Texto de botones e insignias (sobre el botón, su color al pasar el cursor y el primario)',
      field: 'buttonTextColor',
      minimum: AA_TEXT,
      foreground: theme.buttonTextColor,
      background: union(paint(theme.buttonBackgroundColor, card), paint(theme.buttonHoverBackgroundColor, card), paint(theme.primaryColor, card)),
    },
    { id: 'outline', label: 'Botón secundario (color primario sobre la tarjeta)', field: 'primaryColor', minimum: AA_TEXT, foreground: theme.primaryColor, background: card },
    { id: 'progress', label: 'Barra de progreso sobre la tarjeta', field: 'progressBarColor', minimum: AA_LARGE, foreground: theme.progressBarColor, background: card },
    { id: 'correct', label: 'Marca de respuesta correcta (blanco sobre el color)', field: 'correctAnswerColor', minimum: AA_LARGE, foreground: theme.correctAnswerColor, background: card, fixedForeground: '#ffffff' },
    { id: 'incorrect', label: 'Marca de respuesta incorrecta (blanco sobre el color)', field: 'incorrectAnswerColor', minimum: AA_LARGE, foreground: theme.incorrectAnswerColor, background: card, fixedForeground: '#ffffff' },
  ];
  return pairs.map(measure);
}

/** Every colour of several backgrounds (null when one of them cannot be measured). */
function union(...backgrounds: (Rgba[] | null)[]): Rgba[] | null {
  return backgrounds.every((b) => b !== null) ? backgrounds.flat() : null;
}

function measure(pair: PairSpec): ContrastCheck {
  const { id, label, field, minimum } = pair;
  if (pair.fixedForeground) {
    // The field is a background under a fixed mark colour: measure the mark over it.
    const markBackground = paintColors(pair.foreground, pair.background ?? [WHITE]);
    const ratio = markBackground ? worstContrast(pair.fixedForeground, markBackground) : null;
    const passes = ratio === null || ratio >= minimum;
    const fixed = parseColor(pair.fixedForeground) ?? WHITE;
    return { id, label, field, minimum, ratio, passes, suggestion: passes ? null : suggestPassingColor(pair.foreground, [fixed], minimum) };
  }
  const ratio = pair.background ? worstContrast(pair.foreground, pair.background) : null;
  const passes = ratio === null || ratio >= minimum;
  return { id, label, field, minimum, ratio, passes, suggestion: passes || !pair.background ? null : suggestPassingColor(pair.foreground, pair.background, minimum) };
}

/** '4.52:1' (two decimals, never rounded up past the minimum it is compared with). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
