import { ArrowRight, CalendarDays, Check, MonitorSmartphone } from 'lucide-react';
import type { PlayerNameChange } from '../../../contract';
import { Button } from '../../components/ui/button';
import { DateTime } from '../../shared/time-zone/event-time-zone';
import { toast } from '../../lib/toast-store';
import { useApplyNameChange, useNameChanges } from './api/name-changes';
import { ReviewList, useFocusAfterDecision } from '../../shared/moderation/review-list';

const FACT_ICON = 'size-3.5 shrink-0 text-slate-400 dark:text-slate-500';

/** Where the change came from as the admin reads it: the device by its name (never its id), or the address it was sent from online. */
function sourceLabel(change: PlayerNameChange): string {
  if (change.device) return change.device.kind === 'kiosk' ? `Kiosco ${change.device.name}` : change.device.name;
  if (change.source.startsWith('address ')) return `Dirección ${change.source.slice('address '.length)}`;
  return change.source;
}

/**
 * "Cambios de nombre": a registration of a known document never renames its player; the name it
 * brought waits here with the stored one, when and from which kiosk or address it came, and
 * 'Aplicar' renames the player in one click. Focus moves to the next change's button (or the
 * heading) once the applied one leaves the list.
 */
export function NameChanges() {
  const changes = useNameChanges();
  const apply = useApplyNameChange();
  const { sectionRef, headingRef, decided } = useFocusAfterDecision(changes.data, apply.isPending, 'data-apply');

  const onApply = (change: PlayerNameChange) => {
    apply.mutate(change.id, {
      onSuccess: () => {
        decided(change.id);
        toast({ title: 'Nombre actualizado', description: `${change.oldFullName} → ${change.newFullName}`, variant: 'success' });
      },
    });
  };

  return (
    <ReviewList
      titleId="name-changes-title"
      title="Cambios de nombre"
      description="Un documento ya registrado que llega con otro nombre no cambia el nombre guardado. Aplica el cambio solo si es el mismo jugador."
      status={changes.status}
      count={changes.data?.length ?? 0}
      loadingLabel="Cargando cambios de nombre"
      errorTitle="No se pudieron cargar los cambios de nombre"
      emptyText="No hay cambios de nombre pendientes."
      sectionRef={sectionRef}
      headingRef={headingRef}
    >
      {changes.data?.map((change) => (
        <li
          key={change.id}
          className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6"
          aria-label={`Cambio de nombre de ${change.oldFullName}`}
        >
          <div className="min-w-0 space-y-1.5">
            <p className="flex flex-wrap items-center gap-x-2 font-semibold break-words text-slate-900 dark:text-slate-100">
              <span>{change.oldFullName}</span>
              <ArrowRight className="size-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
              <span className="sr-only">pasaría a llamarse</span>
              <span>{change.newFullName}</span>
            </p>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
              <span className="inline-flex min-w-0 items-center gap-1">
                <CalendarDays className={FACT_ICON} aria-hidden />
                <DateTime value={change.createdAt} />
              </span>
              <span className="inline-flex min-w-0 items-center gap-1">
                <MonitorSmartphone className={FACT_ICON} aria-hidden />
                <span className="min-w-0 break-all">{sourceLabel(change)}</span>
              </span>
            </p>
          </div>
          <div className="flex shrink-0">
            <Button
              size="sm"
              className="max-sm:h-10 max-sm:flex-1"
              icon={<Check className="size-4" aria-hidden />}
              aria-label={`Aplicar el nombre ${change.newFullName} a ${change.oldFullName}`}
              data-apply={change.id}
              disabled={apply.isPending}
              pending={apply.isPending && apply.variables === change.id}
              onClick={() => onApply(change)}
            >
              Aplicar
            </Button>
          </div>
        </li>
      ))}
    </ReviewList>
  );
}
