import { format, parseISO } from 'date-fns';
import { es } from 'date-fns/locale';
import { scoreText, type Scoring } from '../../contract/points';

/** dd/MM/yyyy, as the campaign list shows periods. */
export function formatDate(value: string | Date | null | undefined, fallback = 'No definida'): string {
  if (!value) return fallback;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return Number.isNaN(date.getTime()) ? fallback : format(date, 'dd/MM/yyyy', { locale: es });
}

/** The reader's own zone (the device's). */
export const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const dateTimes = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Intl.DateTimeFormat>();
const times = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Intl.DateTimeFormat>();
const cached = (cache: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) => {
  let format = cache.get(zone);
  if (!format) cache.set(zone, (format = new Intl.DateTimeFormat('es-CO', { ...options, timeZone: zone })));
  return format;
};

/** A zone's offset at an instant as Intl writes it: 'GMT-5', 'GMT+1'; 'UTC' for UTC. */
const offsetAt = (date: Date, timeZone: string) =>
  timeZone === 'UTC' ? 'UTC' : (cached(offsets, timeZone, { timeZoneName: 'shortOffset' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '');

/**
 * '3 de nov de 2026, 14:05' in an event's time zone (web/shared/time-zone), as the player screen
 * writes dates; followed by the zone's offset, '(GMT-5)', when it is not the reader's own zone, so
 * an organiser abroad never reads a booth's times as their own.
 */
export function formatDateTime(value: string | Date, timeZone: string): string {
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const text = cached(dateTimes, timeZone, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  return timeZone === BROWSER_TIME_ZONE ? text : `${text} (${offsetAt(date, timeZone)})`;
}

/**
 * The one way a screen names a time zone: its place and its offset at `at` (now by default),
 * 'America/Bogota' → 'Bogota (GMT-5)', 'America/Argentina/Buenos_Aires' → 'Argentina / Buenos
 * Aires (GMT-3)'; 'UTC' as itself.
 */
export function timeZoneLabel(timeZone: string, at: string | Date = new Date()): string {
  if (!timeZone.includes('/')) return timeZone;
  const place = timeZone.split('/').slice(1).join(' / ').replaceAll('_', ' ');
  return `${place} (${offsetAt(typeof at === 'string' ? parseISO(at) : at, timeZone)})`;
}

/** '14:05' in a zone: the second time of a span that `formatDateTime` began (same day, same zone). */
export const formatTimeOfDay = (value: string | Date, timeZone: string) =>
  cached(times, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(typeof value === 'string' ? parseISO(value) : value);

/** Whether two instants fall on the same calendar day in a zone. */
export function sameDayIn(a: string | Date, b: string | Date, timeZone: string): boolean {
  const day = cached(days, timeZone, { year: 'numeric', month: 'numeric', day: 'numeric' });
  const at = (value: string | Date) => day.format(typeof value === 'string' ? parseISO(value) : value);
  return at(a) === at(b);
}

const NUMBERS = new Intl.NumberFormat('es', { maximumFractionDigits: 2 });

/** Every number a screen shows, as Spanish writes it: 4000, 10.000, 12,5 (at most 2 decimals). */
export const formatNumber = (value: number) => NUMBERS.format(value);
/** A trivia's result in its trivia's unit: a percentage ("75%") or points ("7450 pts"). */
export const formatScore = (score: number, scoring?: Scoring) => scoreText(score, scoring);

/** A mean score to one decimal (an average of results), or '—' when there is none. */
export const formatMeanScore = (value: number | null) => (value === null ? '—' : formatNumber(Math.round(value * 10) / 10));
/** A campaign's result: its total is in points. */
export const formatPoints = (points: number) => scoreText(points, 'points');

/** One duration format for every screen: the player build's, which depends on nothing. */
export { formatDuration } from '../player/format';
