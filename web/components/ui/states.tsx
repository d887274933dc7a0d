import { AlertTriangle, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12 text-slate-600 dark:text-slate-300">
      <Spinner className="size-6" label={label} />
    </div>
  );
}

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-slate-200 px-6 py-12 text-center dark:border-slate-800">
      <span className="text-slate-400">{icon ?? <Inbox className="size-10" aria-hidden />}</span>
      <p className="font-medium text-slate-700 dark:text-slate-300">{title}</p>
      {children}
    </div>
  );
}

/**
 * Something that could not be shown, and why. `heading` makes the title the screen's heading of
 * that level (a screen that is only this message still has its h1); otherwise it is a paragraph.
 */
export function ErrorState({ title, message, children, heading }: { title: string; message?: string; children?: ReactNode; heading?: 1 | 2 }) {
  const Title = heading ? (`h${heading}` as const) : 'p';
  return (
    <div role="alert" className="flex flex-col items-center gap-2 rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center dark:border-red-900 dark:bg-red-950/40">
      <AlertTriangle className="size-8 text-red-600 dark:text-red-400" aria-hidden />
      <Title className={`font-semibold text-red-800 dark:text-red-200 ${heading === 1 ? 'text-xl' : ''}`}>{title}</Title>
      {message && <p className="text-sm text-red-700 dark:text-red-300">{message}</p>}
      {children}
    </div>
  );
}
