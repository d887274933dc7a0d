/**
 * An event's time zone: an IANA name ("America/Bogota") as the runtime's Intl knows it, or "UTC".
 * One rule for the company form (client) and the API (server), with the name written the way Intl
 * writes it ("america/bogota" → "America/Bogota"). Fixed offsets ("+05:00") are refused: a named
 * zone keeps its daylight saving changes.
 */
export function canonicalTimeZone(name: string): string | null {
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return canonical === 'UTC' || knownTimeZones().has(canonical) ? canonical : null;
}

let known: Set<string> | undefined;
/** The zones a company may choose, as the runtime lists them (about 420), sorted by name. */
export function timeZoneNames(): string[] {
  return [...knownTimeZones()].sort();
}
const knownTimeZones = () => (known ??= new Set(Intl.supportedValuesOf('timeZone')));

export const TIME_ZONE_INVALID = 'Elige una zona horaria de la lista';

/**
 * The zone of a company's events: the one it chose, else the server's. The one rule for every
 * instant of an event, on the server (rankings' periods and filters, draws, the big screen,
 * exports, kiosks' attention, the analysis' hours) and on the admin screens (docs/decisions.md,
 * "Time zones"); `serverTimeZone` is the caller's (the server's own, or the one the session reply names).
 */
export const eventTimeZone = (chosen: string | null | undefined, serverTimeZone: string): string => chosen || serverTimeZone;
