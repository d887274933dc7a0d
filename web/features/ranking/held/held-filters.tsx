import { Lightbulb, X } from 'lucide-react';
import {
  HELD_DEVICE_ONLINE,
  heldDeviceLabel,
  REVIEW_REASON_HELP,
  REVIEW_REASON_LABELS,
  REVIEW_REASONS,
  type HeldFilter,
  type HeldSummary,
  type ReviewReason,
} from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { SelectInput } from '../../../components/ui/form-controls';
import { formatNumber } from '../../../lib/format';

const withCount = (label: string, count: number) => `${label} (${formatNumber(count)})`;

/**
 * "Motivo" and "Dispositivo": each option says how many held results choosing it shows (the
 * reasons among the chosen device, the devices among the chosen reason). A reason with none is
 * left out unless it is the one chosen. With a reason chosen, what to do with it is said below.
 */
export function HeldFilters({ summary, filter, onChange }: { summary: HeldSummary; filter: HeldFilter; onChange: (filter: HeldFilter) => void }) {
  const reasons = summary.reasons.filter((r) => r.count > 0 || r.reason === filter.reason);
  const reasonTotal = summary.reasons.reduce((n, r) => n + r.count, 0);
  const deviceTotal = summary.devices.reduce((n, d) => n + d.count, 0);
  const devices = summary.devices.map((d) => ({ value: d.device?.id ?? HELD_DEVICE_ONLINE, label: heldDeviceLabel(d.device), count: d.count }));
  if (filter.device && !devices.some((d) => d.value === filter.device)) devices.push({ value: filter.device, label: 'Dispositivo elegido', count: 0 });
  const filtered = filter.reason !== undefined || filter.device !== undefined;

  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset sm:p-4 dark:bg-slate-800/40 dark:ring-slate-700/70">
      <div className="grid gap-3 lg:grid-cols-[1fr_1fr_auto] lg:items-end">
        <SelectInput
          label="Motivo"
          value={filter.reason ?? ''}
          onChange={(e) => onChange({ ...filter, reason: (e.target.value || undefined) as ReviewReason | undefined })}
        >
          <option value="">{withCount('Todos los motivos', reasonTotal)}</option>
          {REVIEW_REASONS.filter((r) => reasons.some((x) => x.reason === r)).map((reason) => (
            <option key={reason} value={reason}>
              {withCount(REVIEW_REASON_LABELS[reason], reasons.find((x) => x.reason === reason)!.count)}
            </option>
          ))}
        </SelectInput>
        <SelectInput label="Dispositivo" value={filter.device ?? ''} onChange={(e) => onChange({ ...filter, device: e.target.value || undefined })}>
          <option value="">{withCount('Todos los dispositivos', deviceTotal)}</option>
          {devices.map((device) => (
            <option key={device.value} value={device.value}>
              {withCount(device.label, device.count)}
            </option>
          ))}
        </SelectInput>
        {filtered && (
          <Button variant="secondary" className="justify-self-start" icon={<X className="size-4" aria-hidden />} onClick={() => onChange({})}>
            Quitar filtros
          </Button>
        )}
      </div>
      {filter.reason && (
        <div className="flex items-start gap-2 rounded-lg bg-white px-3 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700">
          <Lightbulb className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-200" aria-hidden />
          <p>
            <span className="font-semibold text-slate-900 dark:text-slate-100">Qué hacer: </span>
            {REVIEW_REASON_HELP[filter.reason]}
          </p>
        </div>
      )}
    </div>
  );
}
