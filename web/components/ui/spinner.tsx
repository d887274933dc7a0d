import { LoaderCircle } from 'lucide-react';

export function Spinner({ className = 'size-5', label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <LoaderCircle className={`animate-spin ${className}`} aria-hidden />
      <span className={label ? 'text-sm' : 'sr-only'}>{label ?? 'Cargando…'}</span>
    </span>
  );
}

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-700 dark:text-brand-200">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
