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

/** One duration format for every screen: the player build's, which depends on nothing. */
export { formatDuration } from '../player/format';
