/** Dates and durations as the player screen and its badge show them, with the platform's Intl (es-CO). */

const LOCALE = 'es-CO';

/** Seconds as minutes:seconds (m:ss); a missing value as --:--. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '--:--';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

// Made on first use: building an Intl formatter loads locale data, too slow for the screen's start.
let dateTime: Intl.DateTimeFormat | undefined;

/** '3 de nov de 2026, 14:05'. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : (dateTime ??= new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(date);
}
