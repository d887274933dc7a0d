import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { CalendarDays, X } from 'lucide-react';
import { useState } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import { es as pickerEs } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './ranking.css';

function label(range: DateRange | undefined): string {
  if (!range?.from) return 'Todas las fechas';
  const from = format(range.from, 'dd/MM/yyyy', { locale: es });
  return range.to ? `${from} – ${format(range.to, 'dd/MM/yyyy', { locale: es })}` : from;
}

/** A date range over two months (spec section 9), in Spanish. */
export function DateRangeFilter({ value, onChange }: { value: DateRange | undefined; onChange: (range: DateRange | undefined) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-slate-700 dark:text-slate-200">Fechas</span>
      <div className="flex gap-2">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          className="flex min-h-10 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <CalendarDays className="size-4 text-slate-500" aria-hidden />
          {label(value)}
        </button>
        {value?.from && (
          <button type="button" aria-label="Quitar fechas" onClick={() => onChange(undefined)} className="rounded-lg border border-slate-300 px-2.5 dark:border-slate-700">
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {open && (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-900">
          <DayPicker mode="range" numberOfMonths={2} locale={pickerEs} selected={value} onSelect={onChange} defaultMonth={value?.from} className="ranking-day-picker" />
        </div>
      )}
    </div>
  );
}
