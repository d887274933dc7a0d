import { format } from 'date-fns';
import { useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { TextInput } from '../../../components/ui/field';
import { SelectInput } from '../../../components/ui/form-controls';
import { useCompanyLocations } from '../../../shared/ranking/api/get-company-locations';
import { DateRangeFilter } from '../../../shared/ranking/date-range-filter';
import type { CampaignRankingFilters } from '../api/get-campaign-ranking';

const day = (date: Date | undefined) => (date ? format(date, 'yyyy-MM-dd') : undefined);

/** A date input's yyyy-MM-dd as a local day, or undefined when empty. */
function parseDay(value: string): Date | undefined {
  const [year, month, date] = value.split('-').map(Number);
  return year && month && date ? new Date(year, month - 1, date) : undefined;
}

/**
 * The filters a campaign ranking reads, and the state the filter controls edit. In the calendar
 * ('range') one picked day is that day; with a from and a to date ('from-to') an empty end is open.
 */
export function useCampaignRankingFilters(dates: DateFilterKind = 'range') {
  const [locationId, setLocationId] = useState<number | undefined>();
  const [range, setRange] = useState<DateRange | undefined>();
  const end = range?.to ?? (dates === 'range' ? range?.from : undefined);
  const filters: CampaignRankingFilters = { locationId, dateFrom: day(range?.from), dateTo: day(end) };
  return { filters, dates, locationId, setLocationId, range, setRange };
}

type DateFilterKind = 'range' | 'from-to';

export type CampaignRankingFilterState = ReturnType<typeof useCampaignRankingFilters>;

/**
 * Site of the campaign's company and the dates: the admin ranking picks a range in a calendar
 * (with its clear button); the public one, opened on phones, has a from date and a to date, as
 * the spec gives it, each the phone's own date picker.
 */
export function CampaignRankingFilterControls({ companyId, state }: { companyId: number | undefined; state: CampaignRankingFilterState }) {
  const locations = useCompanyLocations(companyId);
  const from = day(state.range?.from) ?? '';
  const to = day(state.range?.to) ?? '';
  return (
    <div className="space-y-4">
      <SelectInput label="Sede" value={state.locationId ?? ''} onChange={(e) => state.setLocationId(e.target.value ? Number(e.target.value) : undefined)}>
        <option value="">Todas las sedes</option>
        {locations.data?.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </SelectInput>
      {state.dates === 'range' ? (
        <DateRangeFilter value={state.range} onChange={state.setRange} />
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <TextInput
            label="Desde"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => {
              const start = parseDay(e.target.value);
              state.setRange(start || state.range?.to ? { from: start, to: state.range?.to } : undefined);
            }}
          />
          <TextInput
            label="Hasta"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => {
              const end = parseDay(e.target.value);
              state.setRange(end || state.range?.from ? { from: state.range?.from, to: end } : undefined);
            }}
          />
        </div>
      )}
    </div>
  );
}
