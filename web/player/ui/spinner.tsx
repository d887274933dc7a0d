import { LoaderCircle } from 'lucide-react';

/** A turning circle (still when the device asks for reduced motion); `label` is read by screen readers unless shown. */
export function PlayerSpinner({ className = 'size-5', label }: { className?: string; label?: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <LoaderCircle className={`animate-spin motion-reduce:animate-none ${className}`} aria-hidden />
      {label && <span className="text-sm">{label}</span>}
    </span>
  );
}
