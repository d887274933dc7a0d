import type { Scoring } from '../../../contract';
import { Card } from '../../components/ui/card';
import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { useDrawSites, useDraws, type DrawSubject } from './api/draws';
import { DrawForm } from './draw-form';
import { DrawRecordItem } from './draw-record';
import { useCan } from '../auth/use-can';
import { DrawScreenOption } from './draw-screen-option';

/**
 * "Sorteo": a trivia's or campaign's prize draws. The form runs a new draw; the organiser chooses
 * whether the public big screen lists the day's draws; below, the record of every draw (newest
 * first, repeats marked "Repetido"), each one verifiable and exportable.
 */
export function PrizeDraws({ subject, companyId, scoring }: { subject: DrawSubject; companyId?: number; scoring?: Scoring }) {
  const draws = useDraws(subject);
  const sites = useDrawSites(companyId);
  const siteName = (id: number) => sites.data?.find((site) => site.id === id)?.name;
  const exportsPeople = useCan().can('exports.people', companyId);

  return (
    <Card className="space-y-6 p-4 sm:p-6" data-testid="prize-draws">
      <section aria-labelledby="prize-draws-title" className="space-y-1">
        <h2 id="prize-draws-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          Sorteo
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Participan los resultados que cuentan en el ranking. El servidor elige la semilla al azar; cada sorteo guarda la lista de participantes y la semilla, y con ambas cualquiera comprueba que salen los mismos ganadores. Ningún sorteo se borra ni se reemplaza: uno hecho de nuevo con los mismos premios y los mismos participantes (o los mismos filtros) queda en el historial marcado como «Repetido», también en la pantalla.
        </p>
      </section>
      <DrawForm
        subject={subject}
        companyId={companyId}
        scoring={scoring}
        onDrawn={(draw) =>
          toast({ title: 'Sorteo realizado', description: draw.winners.map((w) => w.name ?? 'Jugador eliminado').join(', '), variant: 'success' })
        }
      />
      <DrawScreenOption subject={subject} />
      <section aria-labelledby="draw-record-title">
        <h3 id="draw-record-title" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          Historial de sorteos
        </h3>
        {draws.isPending && <p className="py-4 text-sm text-slate-600 dark:text-slate-400">Cargando sorteos...</p>}
        {draws.isError && <p className="py-4 text-sm text-red-700 dark:text-red-300">{errorText(draws.error)}</p>}
        {draws.data?.length === 0 && <p className="py-4 text-sm text-slate-600 dark:text-slate-400">Todavía no hay sorteos.</p>}
        {draws.data && draws.data.length > 0 && (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {draws.data.map((draw) => (
              <DrawRecordItem key={draw.id} draw={draw} siteName={siteName} exportsPeople={exportsPeople} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
