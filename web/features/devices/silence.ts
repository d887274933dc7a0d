/** A span of time as the devices screen says it: "45 min", "2 h", "3 días". */
export function formatSpan(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} días`;
}

/** "Sin conexión desde hace 2 h", measured on the server's clock (its reply's time), not the browser's. */
export const offlineText = (silentSince: string, checkedAt: string) => `Sin conexión desde hace ${formatSpan(Date.parse(checkedAt) - Date.parse(silentSince))}`;
