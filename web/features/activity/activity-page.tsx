import { FileDown, History } from 'lucide-react';
import { useState } from 'react';
import type { ActivityFilter } from '../../../contract';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast-store';
import { ActivityEntryCard } from './activity-entry';
import { ActivityFilters } from './activity-filters';
import { activityQuery, useActivity } from './api';

const RANGE_ERROR = '«Desde» no puede ser posterior a «Hasta»';

/**
 * "Actividad": who changed what, newest first, filtered by person, company, kind of object and
 * days (the server's time zone), fifty at a time with "Ver más", and "Exportar CSV" of what the
 * filter shows. A role without access to a company's personal data sees its entries without them.
 */
export function ActivityPage() {
  const [filter, setFilter] = useState<ActivityFilter>({});
  const [exporting, setExporting] = useState(false);
  const rangeError = filter.from && filter.to && filter.from > filter.to ? RANGE_ERROR : undefined;
  const activity = useActivity(filter, !rangeError);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(`/api/activity/export${activityQuery(filter)}`, 'actividad.csv');
    } catch (error) {
      toast({ title: 'No se pudo exportar la actividad', description: errorText(error), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Actividad"
        description="Quién cambió qué, cuándo y desde dónde. Las fechas están en la zona horaria del servidor."
        actions={
          <Button variant="secondary" icon={<FileDown className="size-4" aria-hidden />} onClick={exportCsv} disabled={exporting || Boolean(rangeError)}>
            {exporting ? 'Exportando…' : 'Exportar CSV'}
          </Button>
        }
      />
      <section className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <ActivityFilters filter={filter} onChange={setFilter} rangeError={rangeError} />
      </section>
      {activity.isPending && !rangeError && <LoadingState label="Cargando actividad" />}
      {activity.isError && <ErrorState title="No se pudo cargar la actividad" message={errorText(activity.error)} />}
      {activity.data && entries.length === 0 && (
        <EmptyState title="Sin actividad" icon={<History className="size-6" aria-hidden />}>
          No hay cambios que coincidan con los filtros.
        </EmptyState>
      )}
      {entries.length > 0 && (
        <ol className="space-y-3" aria-label="Actividad">
          {entries.map((entry) => (
            <li key={entry.id}>
              <ActivityEntryCard entry={entry} />
            </li>
          ))}
        </ol>
      )}
      {activity.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
            {activity.isFetchingNextPage ? 'Cargando…' : 'Ver más'}
          </Button>
        </div>
      )}
    </>
  );
}
