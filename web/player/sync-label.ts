// Made on first use: building an Intl formatter loads locale data, too slow for the screen's start.
let relative: Intl.RelativeTimeFormat | undefined;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** The largest whole unit of an elapsed time, rounded down: 'hace 2 minutos', 'hace 1 hora'. */
function elapsedWords(ms: number): string {
  const [unit, size] =
    ms >= YEAR ? (['year', YEAR] as const) : ms >= MONTH ? (['month', MONTH] as const) : ms >= DAY ? (['day', DAY] as const) : ms >= HOUR ? (['hour', HOUR] as const) : (['minute', MINUTE] as const);
  return (relative ??= new Intl.RelativeTimeFormat('es', { numeric: 'always' })).format(-Math.floor(ms / size), unit);
}

/** How long ago the server last heard from the device: 'hace un momento', 'hace 3 horas'. */
export function contactLabel(at: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - Date.parse(at);
  return Number.isFinite(elapsed) && elapsed >= MINUTE ? elapsedWords(elapsed) : 'hace un momento';
}

/** From when what the device sends is held for review: `windowHours` after its last contact; `late` once that has passed. */
export function reviewDeadline(lastContactAt: string, windowHours: number, now: Date = new Date()): { reviewFrom: Date; late: boolean } {
  const reviewFrom = new Date(Date.parse(lastContactAt) + windowHours * HOUR);
  return { reviewFrom, late: reviewFrom.getTime() <= now.getTime() };
}

/**
 * The badge's last-sync line: how long ago the kiosk and the server last agreed (`lastInSync`), in
 * words a booth's staff read at a glance ('Sincronizado hace 2 minutos'). A device's registration
 * and a kiosk's setup are such moments, so "Nunca sincronizado" means it never reached the server.
 */
export function lastSyncLabel(status: { lastSyncAt: string | null; lastContactAt: string | null }, now: Date = new Date()): string {
  const at = lastInSync(status);
  if (!at) return 'Nunca sincronizado';
  const elapsed = now.getTime() - Date.parse(at);
  return elapsed < MINUTE ? 'Sincronizado hace un momento' : `Sincronizado ${elapsedWords(elapsed)}`;
}

/**
 * When the kiosk and the server last agreed: its last contact with nothing left to send (a push
 * that emptied the outbox, a heartbeat, its registration, its kiosk setup), which is never before
 * its last push; else that push.
 */
export const lastInSync = ({ lastSyncAt, lastContactAt }: { lastSyncAt: string | null; lastContactAt: string | null }): string | null => lastContactAt ?? lastSyncAt;
