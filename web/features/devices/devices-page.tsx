import { MonitorSmartphone, Smartphone } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { SelectInput } from '../../components/ui/form-controls';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';
import { DateTime, EventTimeZone } from '../../shared/time-zone/event-time-zone';
import { useCompanies } from '../../shared/companies/api/get-companies';
import { KIOSKS_PER_PAGE, useDevices } from './api';
import { KioskCard } from './kiosk-card';
import { ScreenFor } from '../../shared/auth/role-refusal';

/** A positive integer from the query string, or null. */
function positive(raw: string | null): number | null {
  const value = raw ? Number(raw) : NaN;
  return Number.isInteger(value) && value > 0 ? value : null;
}

function PhonesLine({ count, lastSeenAt }: { count: number; lastSeenAt: string | null }) {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      <Smartphone className="size-4 shrink-0" aria-hidden />
      {count === 0 ? (
        'Ningún teléfono ha enviado resultados.'
      ) : (
        <span>
          {count === 1 ? '1 teléfono' : `${count} teléfonos`} (sin modo kiosco){' '}
          {lastSeenAt ? (
            <>
              · último envío <DateTime value={lastSeenAt} />
            </>
          ) : (
            '· sin envíos aún'
          )}
        </span>
      )}
    </p>
  );
}

/**
 * "Dispositivos": the kiosks set up through a setup link, those needing attention first (offline
 * during their campaign, then with refused results), with a company filter kept in the URL.
 * Phones are counted in one line.
 */
function DevicesScreen() {
  const [params, setParams] = useSearchParams();
  const companyId = positive(params.get('company'));
  const page = positive(params.get('page')) ?? 1;
  const offset = (page - 1) * KIOSKS_PER_PAGE;
  const companies = useCompanies();
  const devices = useDevices(companyId, offset);

  const navigate = (next: { company?: number | null; page?: number }) => {
    const company = next.company === undefined ? companyId : next.company;
    const query: Record<string, string> = {};
    if (company) query.company = String(company);
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query, { replace: true });
  };

  const data = devices.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / KIOSKS_PER_PAGE)) : 1;
  const offline = data?.kiosks.filter((k) => k.attention.offline).length ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader title="Dispositivos" description="Los kioscos configurados con un enlace: su trivia, cuándo se conectaron y qué enviaron. Primero los que necesitan atención." />
      <div className="max-w-sm">
        <SelectInput
          label="Empresa"
          value={companyId === null ? '' : String(companyId)}
          disabled={companies.isPending}
          onChange={(event) => navigate({ company: event.target.value ? Number(event.target.value) : null, page: 1 })}
        >
          <option value="">{companies.isPending ? 'Cargando empresas...' : 'Todas las empresas'}</option>
          {companies.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectInput>
      </div>

      {devices.isPending ? (
        <LoadingState label="Cargando dispositivos..." />
      ) : devices.isError ? (
        <ErrorState title="No se pudieron cargar los dispositivos" message={errorText(devices.error)}>
          <Button variant="secondary" onClick={() => void devices.refetch()}>
            Reintentar
          </Button>
        </ErrorState>
      ) : (
        <section aria-labelledby="kiosks-title" className="space-y-4">
          <div className="space-y-1">
            <h2 id="kiosks-title" className="text-lg font-semibold">
              {data!.total === 1 ? '1 kiosco' : `${data!.total} kioscos`}
              {offline > 0 && <span className="font-normal text-red-700 dark:text-red-300"> · {offline === 1 ? '1 sin conexión' : `${offline} sin conexión`}</span>}
            </h2>
            <PhonesLine count={data!.phones.count} lastSeenAt={data!.phones.lastSeenAt} />
            <p className="text-xs text-slate-500 dark:text-slate-400">Actualizado <DateTime value={data!.checkedAt} /></p>
          </div>
          {data!.kiosks.length === 0 ? (
            <EmptyState title={companyId === null ? 'Aún no hay kioscos configurados' : 'Esta empresa no tiene kioscos configurados'} icon={<MonitorSmartphone className="size-10" aria-hidden />}>
              <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">Configura uno desde la tarjeta de una trivia con "Configurar kiosco" y abre el enlace en la tableta.</p>
            </EmptyState>
          ) : (
            <ul className="space-y-4" aria-label="Kioscos">
              {data!.kiosks.map((kiosk) => (
                <li key={kiosk.id}>
                  {kiosk.trivia ? (
                    <EventTimeZone companyId={kiosk.trivia.companyId}>
                      <KioskCard kiosk={kiosk} checkedAt={data!.checkedAt} />
                    </EventTimeZone>
                  ) : (
                    <KioskCard kiosk={kiosk} checkedAt={data!.checkedAt} />
                  )}
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav aria-label="Páginas de kioscos" className="flex flex-wrap items-center gap-3">
              <Button variant="secondary" disabled={page <= 1} onClick={() => navigate({ page: page - 1 })}>
                Anterior
              </Button>
              <span className="text-sm text-slate-600 dark:text-slate-400">
                Página {page} de {pages}
              </span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => navigate({ page: page + 1 })}>
                Siguiente
              </Button>
            </nav>
          )}
        </section>
      )}
    </div>
  );
}

/** For the roles with "devices.manage" in some company; any other is told so. */
export function DevicesPage() {
  return (
    <ScreenFor action="devices.manage" what="Dispositivos">
      <DevicesScreen />
    </ScreenFor>
  );
}
