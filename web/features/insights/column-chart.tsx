import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One column: its label on the axis, its figure, and what its tooltip adds (e.g. each site's share). */
export interface Column {
  label: string;
  value: number;
  detail?: string;
}

/**
 * A column chart (Recharts, loaded with the insights screens only) for a figure that reads faster as a
 * picture: one series, so no colour carries meaning; the same figures are in the table beside it.
 * The chart is focusable and its columns are walked with the arrow keys (Recharts' accessibility
 * layer), each announced through the tooltip.
 */
export function ColumnChart({ title, columns, valueName, testId }: { title: string; columns: Column[]; valueName: string; testId?: string }) {
  return (
    <figure className="text-slate-600 dark:text-slate-300" data-testid={testId}>
      <figcaption className="pb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</figcaption>
      <div className="h-56 w-full overflow-hidden">
        <ResponsiveContainer>
          <BarChart data={columns} accessibilityLayer title={title} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.2} />
            <XAxis dataKey="label" tick={{ fill: 'currentColor', fontSize: 12 }} stroke="currentColor" minTickGap={12} />
            <YAxis allowDecimals={false} tick={{ fill: 'currentColor', fontSize: 12 }} stroke="currentColor" width={36} />
            <Tooltip content={({ active, payload }) => <ColumnTooltip active={active} payload={payload} valueName={valueName} />} cursor={{ fill: 'currentColor', fillOpacity: 0.1 }} isAnimationActive={false} />
            <Bar dataKey="value" name={valueName} fill="var(--chart-column)" maxBarSize={56} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function ColumnTooltip({ active, payload, valueName }: { active?: boolean; payload?: ReadonlyArray<{ payload?: unknown }>; valueName: string }) {
  const column = active ? (payload?.[0]?.payload as Column | undefined) : undefined;
  if (!column) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-900 shadow-md dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
      <p className="font-medium">{column.label}</p>
      <p className="tabular-nums">
        {column.value} {valueName.toLowerCase()}
      </p>
      {column.detail && <p className="text-xs text-slate-600 dark:text-slate-300">{column.detail}</p>}
    </div>
  );
}
