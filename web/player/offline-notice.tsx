import { CloudOff, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useServerReachable } from './kiosk';

/** What a phone shows while the server cannot be reached: the result is kept, nothing to do. */
export const OFFLINE_NOTICE_TEXT = 'Sin conexión: tu resultado se guarda y se enviará al volver la conexión.';

/** A player's own phone (kiosk mode off) shows no sync details, only this small line while offline. */
export function OfflineNotice() {
  const reachable = useServerReachable();
  return (
    <NoticeLine testId="offline-notice" icon={CloudOff}>
      {!reachable && OFFLINE_NOTICE_TEXT}
    </NoticeLine>
  );
}

/**
 * A small line above the trivia's header, in the page's flow (it never covers a field or a
 * button): a live region kept in place while it has nothing to say, so what it says is announced.
 */
export function NoticeLine({ testId, icon: Icon, children }: { testId: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <p role="status" className="flex justify-center px-4 pt-3 empty:p-0" data-testid={testId}>
      {children && (
        <span className="inline-flex max-w-2xl items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-950 ring-1 ring-amber-300">
          <Icon className="size-3.5 shrink-0" aria-hidden />
          {children}
        </span>
      )}
    </p>
  );
}
