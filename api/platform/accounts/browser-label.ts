/**
 * A short, human name of the browser a User-Agent describes, for "Sesiones abiertas": "Chrome en
 * Android", "Safari en iPhone", "Firefox en Windows". Only the common browsers and systems are
 * named; anything else reads as "Navegador en <system>" or "Navegador desconocido". Order matters:
 * Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari", and every iPhone
 * browser is Safari underneath but names itself (CriOS, FxiOS, EdgiOS).
 */

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

export const UNKNOWN_BROWSER = 'Navegador desconocido';

const firstMatch = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

export function browserLabel(userAgent: unknown): string {
  if (typeof userAgent !== 'string' || !userAgent.trim()) return UNKNOWN_BROWSER;
  const browser = firstMatch(BROWSERS, userAgent);
  const system = firstMatch(SYSTEMS, userAgent);
  if (!browser && !system) return UNKNOWN_BROWSER;
  return system ? `${browser ?? 'Navegador'} en ${system}` : (browser as string);
}
