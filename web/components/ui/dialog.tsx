import { Dialog as HeadlessDialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

const SIZES = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl', full: 'max-w-6xl' } as const;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof SIZES;
  children: ReactNode;
  /** Buttons row at the bottom (Cancelar / Guardar…). */
  footer?: ReactNode;
}

/** The one modal dialog of the app (Headless UI: focus trap, Escape, aria wiring). */
export function Dialog({ open, onClose, title, description, size = 'md', children, footer }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950/50 backdrop-blur-[2px]" aria-hidden />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-0 sm:items-center sm:p-4">
        <DialogPanel
          className={`flex max-h-[100dvh] w-full ${SIZES[size]} flex-col rounded-t-2xl bg-white shadow-xl sm:max-h-[90dvh] sm:rounded-2xl dark:bg-slate-900`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
            <div className="min-w-0">
              <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
              {description && <Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</Description>}
            </div>
            <button type="button" onClick={onClose} aria-label="Cerrar" className="inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 pointer-coarse:size-11 dark:text-slate-300 dark:hover:bg-slate-800">
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">{footer}</div>
          )}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
