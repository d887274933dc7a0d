import { RefreshCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { buttonClass } from '../components/ui/button';
import { applyUpdate, subscribeUpdate, updateAvailable } from '../pwa/service-worker';

/**
 * 'Nueva versión disponible' on every screen but the player's (which updates by itself between
 * attempts): the update is applied only when the person says so, never in the middle of a form.
 */
export function UpdateBanner() {
  const available = useSyncExternalStore(subscribeUpdate, updateAvailable);
  if (!available) return null;
  return (
    <div
      role="status"
      className="fixed bottom-4 left-1/2 z-[90] flex -translate-x-1/2 items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <span className="font-medium">Nueva versión disponible</span>
      <button type="button" className={buttonClass('primary', 'sm')} onClick={applyUpdate}>
        <RefreshCw className="size-4" aria-hidden /> Actualizar
      </button>
    </div>
  );
}
