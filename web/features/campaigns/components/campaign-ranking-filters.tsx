import { format } from 'date-fns';
import { useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { SelectInput } from '../../../components/ui/form-controls';
import { useCompanyLocations } from '../../../shared/ranking/api/get-company-locations';
import { DateRangeFilter } from '../../../shared/ranking/date-range-filter';
import type { CampaignRankingFilters } from '../api/get-campaign-ranking';

const day = (date: Date | undefined) => (date ? format(date, 'yyyy-MM-dd') : undefined);

/** The filters a campaign ranking reads, and the state the filter controls edit. */
export function useCampaignRankingFilters() {
  const [locationId, setLocationId] = useState<number | undefined>();
  const [range, setRange] = useState<DateRange | undefined>();
  const filters: CampaignRankingFilters = { locationId, dateFrom: day(range?.from), dateTo: day(range?.to ?? range?.from) };
  return { filters, locationId, setLocationId, range, setRange };
}

export type CampaignRankingFilterState = ReturnType<typeof useCampaignRankingFilters>;

/** Site of the campaign's company and a date range (with its clear button). */
export function CampaignRankingFilterControls({ companyId, state }: { companyId: number | undefined; state: CampaignRankingFilterState }) {
  const locations = useCompanyLocations(companyId);
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
      <DateRangeFilter value={state.range} onChange={state.setRange} />
    </div>
  );
}
