import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { CalendarDays, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import { es as pickerEs } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './ranking.css';

/** A picked day as the API's filters take it (yyyy-MM-dd). */
export const pickedDay = (date: Date | undefined) => (date ? format(date, 'yyyy-MM-dd') : undefined);

/** A picked range as the API's date filters: one picked day is that day. */
export const rangeDays = (range: DateRange | undefined) => ({ dateFrom: pickedDay(range?.from), dateTo: pickedDay(range?.to ?? range?.from) });

function label(range: DateRange | undefined): string {
  if (!range?.from) return 'Todas las fechas';
  const from = format(range.from, 'dd/MM/yyyy', { locale: es });
  return range.to ? `${from} – ${format(range.to, 'dd/MM/yyyy', { locale: es })}` : from;
}

/** Width two months of 44 px days need side by side (with the gap and the panel's padding). */
const TWO_MONTHS_WIDTH = 680;

/** Two months where the filter's column has room for them, one on a phone or in a narrow column. */
function useMonthsThatFit(ref: RefObject<HTMLElement | null>): 1 | 2 {
  const [months, setMonths] = useState<1 | 2>(1);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setMonths(element.clientWidth >= TWO_MONTHS_WIDTH ? 2 : 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return months;
}

/**
 * A date range in Spanish, in the product's colours: two months where there is room, one on a
 * phone. The calendar opens under its button with the focus on a day (arrow keys move, Enter
 * picks); Escape closes it and gives the focus back to the button.
 */
export function DateRangeFilter({ value, onChange }: { value: DateRange | undefined; onChange: (range: DateRange | undefined) => void }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const months = useMonthsThatFit(rootRef);
  const labelId = useId();
  const panelId = useId();

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div ref={rootRef} className="space-y-1.5">
      <span id={labelId} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        Fechas
      </span>
      <div className="flex gap-2">
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-labelledby={`${labelId} ${panelId}-value`}
          onClick={() => setOpen((v) => !v)}
          className="flex min-h-11 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm shadow-sm dark:border-slate-600 dark:bg-slate-900"
        >
          <CalendarDays className="size-4 text-slate-500 dark:text-slate-400" aria-hidden />
          <span id={`${panelId}-value`}>{label(value)}</span>
        </button>
        {value?.from && (
          <button
            type="button"
            aria-label="Quitar fechas"
            onClick={() => {
              onChange(undefined);
              toggleRef.current?.focus();
            }}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 dark:border-slate-600"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label="Elegir fechas"
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <DayPicker
            mode="range"
            numberOfMonths={months}
            locale={pickerEs}
            selected={value}
            onSelect={onChange}
            defaultMonth={value?.from}
            autoFocus
            className="ranking-day-picker"
          />
        </div>
      )}
    </div>
  );
}
