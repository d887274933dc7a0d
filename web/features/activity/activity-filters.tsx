import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, type ActivityFilter, type ActivityKind } from '../../../contract';
import { TextInput } from '../../components/ui/field';
import { SelectInput } from '../../components/ui/form-controls';
import { useCompanies } from '../../shared/companies/api/get-companies';
import { useActivityAuthors } from './api';

const idOrUndefined = (value: string) => (value === '' ? undefined : Number(value));
const dayOrUndefined = (value: string) => (value === '' ? undefined : value);

/** "Persona", "Empresa", "Tipo", "Desde" and "Hasta": each change reads the list again from its first page. */
export function ActivityFilters({ filter, onChange, rangeError }: { filter: ActivityFilter; onChange: (filter: ActivityFilter) => void; rangeError?: string }) {
  const authors = useActivityAuthors();
  const companies = useCompanies();
  const set = (patch: Partial<ActivityFilter>) => onChange({ ...filter, ...patch });
  return (
    <form className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Filtros de actividad" onSubmit={(event) => event.preventDefault()}>
      <SelectInput label="Persona" value={filter.userId ?? ''} onChange={(event) => set({ userId: idOrUndefined(event.target.value) })}>
        <option value="">Todas</option>
        {authors.data?.map((author) => (
          <option key={author.id} value={author.id}>
            {author.name} ({author.username})
          </option>
        ))}
      </SelectInput>
      <SelectInput label="Empresa" value={filter.companyId ?? ''} onChange={(event) => set({ companyId: idOrUndefined(event.target.value) })}>
        <option value="">Todas</option>
        {companies.data?.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </SelectInput>
      <SelectInput label="Tipo" value={filter.kind ?? ''} onChange={(event) => set({ kind: event.target.value === '' ? undefined : (event.target.value as ActivityKind) })}>
        <option value="">Todos</option>
        {ACTIVITY_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {ACTIVITY_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectInput>
      <TextInput label="Desde" type="date" value={filter.from ?? ''} max={filter.to} onChange={(event) => set({ from: dayOrUndefined(event.target.value) })} />
      <TextInput label="Hasta" type="date" value={filter.to ?? ''} min={filter.from} error={rangeError} onChange={(event) => set({ to: dayOrUndefined(event.target.value) })} />
    </form>
  );
}
