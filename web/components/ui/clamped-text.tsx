import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A long text shown on two lines; when it is cut, "Ver más" opens the whole text in place and
 * "Ver menos" closes it again. Short texts show no button.
 */
export function ClampedText({ text, className = '' }: { text: string; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || open) return;
    const measure = () => setCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, open]);

  return (
    <div className={className}>
      <p ref={ref} className={`break-words ${open ? '' : 'line-clamp-2'}`}>
        {text}
      </p>
      {(cut || open) && (
        <button
          type="button"
          aria-expanded={open}
          className="mt-0.5 text-xs font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-200"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Ver menos' : 'Ver más'}
        </button>
      )}
    </div>
  );
}
