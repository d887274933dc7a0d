import * as Toast from '@radix-ui/react-toast';
import { CheckCircle2, CircleAlert, Info, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DEFAULT_TOAST_MS, dismissToast, subscribeToasts, type ToastMessage } from './toast-store';

const VARIANT_STYLES: Record<NonNullable<ToastMessage['variant']>, string> = {
  default: 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  success: 'border-emerald-200 bg-white text-slate-900 dark:border-emerald-800 dark:bg-slate-900 dark:text-slate-100',
  destructive: 'border-red-700 bg-red-600 text-white',
};
const VARIANT_ICONS = { default: Info, success: CheckCircle2, destructive: CircleAlert };

/**
 * Radix Toast gives the toasts' behaviour: swipe right to dismiss past 50 px, F8 focuses the region.
 * The region's label is exactly "Notifications" (Radix's default adds the hotkey; the browser tests look it up by this name).
 * The store keeps one toast at a time.
 */
export function Toaster() {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  useEffect(() => subscribeToasts(setMessage), []);
  const variant = message?.variant ?? 'default';
  const Icon = VARIANT_ICONS[variant];

  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={DEFAULT_TOAST_MS} label="Notifications">
      {message && (
        <Toast.Root
          key={message.id}
          duration={message.duration ?? DEFAULT_TOAST_MS}
          onOpenChange={(open) => !open && dismissToast(message.id)}
          className={`toast pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg ${VARIANT_STYLES[variant]}`}
          data-testid="toast"
        >
          <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="min-w-0 flex-1">
            <Toast.Title className="text-sm font-semibold">{message.title}</Toast.Title>
            {message.description && (
              <Toast.Description className="mt-1 text-sm opacity-90">{message.description}</Toast.Description>
            )}
          </div>
          <Toast.Close aria-label="Cerrar" className="rounded-md p-1 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport hotkey={['F8']} label="Notifications" className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
