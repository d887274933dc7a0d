import { Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectInput } from '../../components/ui/form-controls';
import { useCompanies } from '../../shared/companies/api/get-companies';
import { useHeldTrivias } from '../../shared/moderation/api/get-held-trivias';
import { inReviewText } from '../../shared/moderation/results-link';
import { useCompanyGroups } from '../../shared/question-groups/api/get-company-groups';

/**
 * Which trivia /ranking-admin shows, chosen by name: the company, then its trivia (each with how
 * many results wait in review), then "Ver ranking". Starts at the trivia shown (`current`, with its
 * company) or at the only company there is.
 */
export function TriviaPicker({ current, onPick }: { current: { id: number; companyId: number } | null; onPick: (id: number) => void }) {
  const companies = useCompanies();
  const held = useHeldTrivias();
  const [pickedCompany, setPickedCompany] = useState<number | null>(null);
  const [pickedTrivia, setPickedTrivia] = useState<number | null>(null);
  const onlyCompany = companies.data?.length === 1 ? companies.data[0]!.id : null;
  const companyId = pickedCompany ?? current?.companyId ?? onlyCompany;
  const groups = useCompanyGroups(companyId);
  const triviaId = pickedTrivia ?? (current && current.companyId === companyId ? current.id : null);

  return (
    <Card className="p-4">
      <form
        aria-label="Elegir trivia"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (triviaId !== null) onPick(triviaId);
        }}
      >
        <div className="min-w-0 flex-1 basis-48">
          <SelectInput
            label="Empresa"
            value={companyId ?? ''}
            disabled={companies.isPending}
            onChange={(event) => {
              setPickedCompany(event.target.value ? Number(event.target.value) : null);
              setPickedTrivia(null);
            }}
          >
            <option value="">{companies.isPending ? 'Cargando empresas…' : 'Elige una empresa'}</option>
            {companies.data?.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </SelectInput>
        </div>
        <div className="min-w-0 flex-1 basis-64">
          <SelectInput
            label="Trivia"
            value={triviaId ?? ''}
            disabled={companyId === null || groups.isPending}
            onChange={(event) => setPickedTrivia(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">{companyId === null ? 'Elige primero la empresa' : groups.isPending ? 'Cargando trivias…' : 'Elige una trivia'}</option>
            {groups.data?.map((group) => {
              const count = held.countOf(group.id);
              return (
                <option key={group.id} value={group.id}>
                  {count > 0 ? `${group.name} · ${inReviewText(count)}` : group.name}
                </option>
              );
            })}
          </SelectInput>
        </div>
        <Button type="submit" disabled={triviaId === null} icon={<Search className="size-4" aria-hidden />}>
          Ver ranking
        </Button>
      </form>
    </Card>
  );
}
