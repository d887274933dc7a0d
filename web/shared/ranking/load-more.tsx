import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';

/**
 * Under a ranking: how many rows are shown of how many, and 'Cargar más' while some are left.
 * The button is disabled while a page loads; if it had the keyboard focus, the focus comes back to
 * it afterwards, or to the count ('Mostrando 120 de 120') once the last page took the button away.
 */
export function LoadMore({ shown, total, hasMore, loading, onLoadMore }: { shown: number; total: number; hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  const countRef = useRef<HTMLParagraphElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** The button had the focus when it was pressed (it is disabled while the page loads). */
  const hadFocus = useRef(false);

  useEffect(() => {
    if (loading || !hadFocus.current) return;
    hadFocus.current = false;
    (buttonRef.current ?? countRef.current)?.focus();
  }, [loading, hasMore]);

  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p ref={countRef} tabIndex={-1} className="text-sm text-slate-600 tabular-nums focus:outline-none dark:text-slate-400" data-testid="ranking-count" aria-live="polite">
        Mostrando {shown} de {total}
      </p>
      {hasMore && (
        <Button
          ref={buttonRef}
          variant="secondary"
          className="min-h-11"
          pending={loading}
          onClick={() => {
            hadFocus.current = document.activeElement === buttonRef.current;
            onLoadMore();
          }}
        >
          Cargar más
        </Button>
      )}
    </div>
  );
}
