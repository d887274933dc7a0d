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

/** Seconds as minutes:seconds (m:ss); a missing value as --:--. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '--:--';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
