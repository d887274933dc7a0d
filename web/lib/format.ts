import { format, parseISO } from 'date-fns';
import { es } from 'date-fns/locale';

/** dd/MM/yyyy, as the campaign list shows periods. */
export function formatDate(value: string | Date | null | undefined, fallback = 'No definida'): string {
  if (!value) return fallback;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return Number.isNaN(date.getTime()) ? fallback : format(date, 'dd/MM/yyyy', { locale: es });
}

export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? parseISO(value) : value;
  return format(date, "d 'de' MMM yyyy, HH:mm", { locale: es });
}

const NUMBERS = new Intl.NumberFormat('es', { maximumFractionDigits: 2 });

/** Every number a screen shows, as Spanish writes it: 4000, 10.000, 12,5 (at most 2 decimals). */
export const formatNumber = (value: number) => NUMBERS.format(value);
/** A trivia's result: its score is a percentage. */
export const formatScore = (score: number) => `${formatNumber(score)}%`;
/** A campaign's result: its total is in points. */
export const formatPoints = (points: number) => `${formatNumber(points)} pts`;

/** One duration format for every screen: the player build's, which depends on nothing. */
export { formatDuration } from '../player/format';
