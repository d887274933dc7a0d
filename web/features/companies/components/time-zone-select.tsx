import { forwardRef, useMemo, type SelectHTMLAttributes } from 'react';
import { timeZoneNames } from '../../../../contract';
import { SelectInput } from '../../../components/ui/form-controls';
import { timeZoneLabel } from '../../../lib/format';

/** The zones by region (America, Europe…), each named as every screen names it: 'Bogota (GMT-5)' under 'America'. */
function zoneGroups(): [string, { zone: string; label: string }[]][] {
  const now = new Date();
  const groups = new Map<string, { zone: string; label: string }[]>();
  for (const zone of timeZoneNames()) {
    if (!zone.includes('/')) continue;
    const region = zone.split('/')[0]!;
    if (!groups.has(region)) groups.set(region, []);
    groups.get(region)!.push({ zone, label: timeZoneLabel(zone, now) });
  }
  return [...groups];
}

interface TimeZoneSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** The server's zone, the empty choice's ("Predeterminada del servidor"). */
  serverTimeZone: string | undefined;
  error?: string;
}

/** "Zona horaria del evento": the server's by default, or any named zone, by region. */
export const TimeZoneSelect = forwardRef<HTMLSelectElement, TimeZoneSelectProps>(function TimeZoneSelect({ serverTimeZone, error, ...rest }, ref) {
  const groups = useMemo(zoneGroups, []);
  return (
    <SelectInput
      ref={ref}
      label="Zona horaria del evento"
      hint="Las horas de las pantallas de administración, la pantalla grande y las exportaciones, y los días de las campañas y de los filtros por fecha, se leen en esta zona."
      error={error}
      {...rest}
    >
      <option value="">Predeterminada del servidor{serverTimeZone ? `: ${timeZoneLabel(serverTimeZone)}` : ''}</option>
      <option value="UTC">UTC</option>
      {groups.map(([region, zones]) => (
        <optgroup key={region} label={region}>
          {zones.map(({ zone, label }) => (
            <option key={zone} value={zone}>
              {label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectInput>
  );
});

/** A company's zone as its list row says it, named as the form's choices are. */
export const companyTimeZoneLabel = (timeZone: string | null, serverTimeZone: string | undefined) =>
  timeZone ? timeZoneLabel(timeZone) : `La del servidor${serverTimeZone ? `: ${timeZoneLabel(serverTimeZone)}` : ''}`;
