import { Building2, MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Company } from '../../../contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDelete } from '../../components/ui/confirm-delete';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';
import { useDeleteCompany } from './api/delete-company';
import { useCompanies } from '../../shared/companies/api/get-companies';
import { CompanyFormDialog } from './components/company-form-dialog';
import { ConsentPanel } from './components/consent-panel';
import { companyTimeZoneLabel } from './components/time-zone-select';
import { useServerTimeZone } from '../../shared/time-zone/server-time-zone';
import { EventTimeZone } from '../../shared/time-zone/event-time-zone';
import { LocationsPanel } from './components/locations-panel';
import { failureToast, successToast } from './failure-toast';
import { useCan } from '../../shared/auth/use-can';

function CompanyLogo({ company }: { company: Company }) {
  return company.logoUrl ? (
    <img src={company.logoUrl} alt={`Logo de ${company.name}`} className="size-10 rounded-lg border border-slate-200 bg-white object-contain dark:border-slate-700" />
  ) : (
    <span className="flex size-10 items-center justify-center rounded-lg bg-slate-100 text-slate-400 dark:bg-slate-800" aria-label="Sin logo" role="img">
      <Building2 className="size-5" aria-hidden />
    </span>
  );
}

/**
 * "Administración de Empresas": the company table, the company dialog and the sites panel. Owners
 * add and delete companies; the roles that edit a company's content edit it, its sites and its
 * data-treatment text; anyone else reads its sites.
 */
export function CompaniesPage() {
  const companies = useCompanies();
  const { owner, can } = useCan();
  const serverTimeZone = useServerTimeZone();
  const remove = useDeleteCompany();
  const [dialog, setDialog] = useState<{ open: boolean; companyId: number | null }>({ open: false, companyId: null });
  const [deleting, setDeleting] = useState<Company | null>(null);
  const [locationsOf, setLocationsOf] = useState<number | null>(null);

  const list = companies.data ?? [];
  // Read from the list, so the dialog and panel show fresh data (a new logo) after a refetch.
  const editing = list.find((c) => c.id === dialog.companyId) ?? null;
  const locationsCompany = list.find((c) => c.id === locationsOf) ?? null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Administración de Empresas"
        description="Gestiona las empresas y sus sedes."
        actions={
          owner && (
            <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setDialog({ open: true, companyId: null })}>
              Agregar empresa
            </Button>
          )
        }
      />

      {locationsCompany && <LocationsPanel key={locationsCompany.id} company={locationsCompany} onClose={() => setLocationsOf(null)} />}
      {locationsCompany && can('content.edit', locationsCompany.id) && (
        <EventTimeZone companyId={locationsCompany.id}>
          <ConsentPanel key={`consent-${locationsCompany.id}`} company={locationsCompany} />
        </EventTimeZone>
      )}

      {companies.isPending ? (
        <LoadingState label="Cargando empresas..." />
      ) : companies.isError ? (
        <ErrorState title="Error" message={errorText(companies.error)} />
      ) : list.length === 0 ? (
        <EmptyState title={owner ? 'Aún no hay empresas. Agrega la primera.' : 'Todavía no tienes un rol en ninguna empresa.'} icon={<Building2 className="size-10" aria-hidden />} />
      ) : (
        <Card className="overflow-x-auto">
          {/* Below md (phones, and a laptop at 200 % zoom) each row stacks into a small card (logo, name, description, time zone, then actions). */}
          <table className="w-full text-left text-sm max-md:block md:min-w-[40rem]">
            <thead className="max-md:sr-only border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">Logo</th>
                <th scope="col" className="px-4 py-3 font-medium">Nombre</th>
                <th scope="col" className="px-4 py-3 font-medium">Descripción</th>
                <th scope="col" className="px-4 py-3 font-medium">Zona horaria</th>
                <th scope="col" className="px-4 py-3 text-right font-medium">Acciones</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-md:block dark:divide-slate-800">
              {list.map((company) => (
                <tr
                  key={company.id}
                  className={`max-md:grid max-md:grid-cols-[auto_1fr] max-md:gap-x-3 max-md:p-4 ${company.id === locationsOf ? 'bg-brand-50/60 dark:bg-brand-900/20' : ''}`}
                >
                  <td className="px-4 py-3 max-md:row-span-2 max-md:p-0">
                    <CompanyLogo company={company} />
                  </td>
                  <td className="px-4 py-3 font-medium break-words max-md:p-0">{company.name}</td>
                  <td className="px-4 py-3 break-words text-slate-600 max-md:col-start-2 max-md:p-0 dark:text-slate-400">{company.description || '—'}</td>
                  <td className="px-4 py-3 text-slate-600 max-md:col-start-2 max-md:p-0 max-md:text-xs dark:text-slate-400" data-testid="company-time-zone">
                    {companyTimeZoneLabel(company.timeZone, serverTimeZone)}
                  </td>
                  <td className="px-4 py-3 max-md:col-span-2 max-md:mt-3 max-md:p-0">
                    <div className="flex flex-wrap justify-end gap-1 max-md:justify-start md:flex-nowrap md:whitespace-nowrap">
                      {can('content.edit', company.id) && (
                        <Button size="sm" variant="ghost" aria-label={`Editar ${company.name}`} icon={<Pencil className="size-4" aria-hidden />} onClick={() => setDialog({ open: true, companyId: company.id })}>
                          Editar
                        </Button>
                      )}
                      {owner && (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Eliminar ${company.name}`}
                          className="text-red-600 dark:text-red-400"
                          icon={<Trash2 className="size-4" aria-hidden />}
                          onClick={() => setDeleting(company)}
                        >
                          Eliminar
                        </Button>
                      )}
                      <Button size="sm" variant="secondary" aria-label={`Ver sedes de ${company.name}`} icon={<MapPin className="size-4" aria-hidden />} onClick={() => setLocationsOf(company.id)}>
                        Ver sedes
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}

      {dialog.open && <CompanyFormDialog company={editing} onClose={() => setDialog({ open: false, companyId: null })} />}

      <ConfirmDelete
        target={deleting}
        title="¿Eliminar la empresa?"
        message={(company) => `Se eliminarán la empresa "${company.name}" y todas sus sedes. Esta acción no se puede deshacer.`}
        mutation={remove}
        variables={(company) => company.id}
        onDeleted={(company) => {
          successToast('Empresa eliminada correctamente');
          if (locationsOf === company.id) setLocationsOf(null);
        }}
        onFailed={failureToast('No se pudo eliminar la empresa')}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
