import { CloudOff } from 'lucide-react';
import { useServerReachable } from './kiosk';

/** What a phone shows while the server cannot be reached: the result is kept, nothing to do. */
export const OFFLINE_NOTICE_TEXT = 'Sin conexión: tu resultado se guarda y se enviará al volver la conexión.';

/**
 * A player's own phone (kiosk mode off) shows no sync details, only this small line while offline.
 * It sits in the page's flow above the trivia's header, so it never covers a field or a button;
 * the (empty) live region stays in place while online, so the change is announced.
 */
export function OfflineNotice() {
  const reachable = useServerReachable();
  return (
    <p role="status" className="flex justify-center px-4 pt-3 empty:p-0" data-testid="offline-notice">
      {!reachable && (
        <span className="inline-flex max-w-2xl items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-950 ring-1 ring-amber-300">
          <CloudOff className="size-3.5 shrink-0" aria-hidden />
          {OFFLINE_NOTICE_TEXT}
        </span>
      )}
    </p>
  );
}
