import { useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { TextInput } from '../../../components/ui/field';
import { DateRangeFilter, pickedDay } from '../../../shared/ranking/date-range-filter';
import { SiteFilter } from '../../../shared/ranking/site-filter';
import type { CampaignRankingFilters } from '../api/get-campaign-ranking';

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
  const filters: CampaignRankingFilters = { locationId, dateFrom: pickedDay(range?.from), dateTo: pickedDay(end) };
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
  const from = pickedDay(state.range?.from) ?? '';
  const to = pickedDay(state.range?.to) ?? '';
  return (
    <div className="space-y-4">
      <SiteFilter companyId={companyId} value={state.locationId} onChange={state.setLocationId} />
      {state.dates === 'range' ? (
        <DateRangeFilter value={state.range} onChange={state.setRange} />
      ) : (
        // Side by side from a phone's width; one under the other narrower (200 % zoom), where two would cut their dates.
        <div className="grid grid-cols-1 gap-3 min-[22rem]:grid-cols-2">
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
