/**
 * CSS colour values without zod: which colours and gradients a theme may hold (contract/theme.ts),
 * read as sRGB, and what a translucent paint shows over what lies beneath it.
 */

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

export function hslToRgb(hue: number, s: number, l: number): Omit<Rgba, 'a'> {
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

export function rgbToHsl({ r, g, b }: Rgba): { h: number; s: number; l: number } {
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
export function over(top: Rgba, backdrop: Rgba): Rgba {
  const mix = (a: number, b: number) => a * top.a + b * (1 - top.a);
  return { r: mix(top.r, backdrop.r), g: mix(top.g, backdrop.g), b: mix(top.b, backdrop.b), a: 1 };
}

export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
export const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

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
