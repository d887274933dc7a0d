import { formatDistanceStrict } from 'date-fns';
import { es } from 'date-fns/locale';

/**
 * The badge's last-sync line: how long ago the outbox last reached the server, in words a booth's
 * staff read at a glance ('Sincronizado hace 2 minutos'), or that it never has.
 */
export function lastSyncLabel(lastSyncAt: string | null, now: Date = new Date()): string {
  const at = lastSyncAt ? new Date(lastSyncAt) : null;
  if (!at || Number.isNaN(at.getTime())) return 'Nunca sincronizado';
  if (now.getTime() - at.getTime() < 60_000) return 'Sincronizado hace un momento';
  return `Sincronizado ${formatDistanceStrict(at, now, { locale: es, addSuffix: true, roundingMethod: 'floor' })}`;
}
