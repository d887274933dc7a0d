import { SelectInput } from '../../components/ui/form-controls';
import { useCompanyLocations } from './api/get-company-locations';

/** "Sede": every site of the company, or one of them (the rankings' and the analysis' filter). */
export function SiteFilter({ companyId, value, onChange }: { companyId: number | undefined; value: number | undefined; onChange: (locationId: number | undefined) => void }) {
  const locations = useCompanyLocations(companyId);
  return (
    <SelectInput label="Sede" value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}>
      <option value="">Todas las sedes</option>
      {locations.data?.map((location) => (
        <option key={location.id} value={location.id}>
          {location.name}
        </option>
      ))}
    </SelectInput>
  );
}
