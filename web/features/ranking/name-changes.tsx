import { ArrowRight, CalendarDays, Check, MonitorSmartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { PlayerNameChange } from '../../../contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast-store';
import { useApplyNameChange, useNameChanges } from './api/name-changes';

const FACT_ICON = 'size-3.5 shrink-0 text-slate-400 dark:text-slate-500';

/** 'device …' / 'address …' as the admin reads it. */
function sourceLabel(source: string): string {
  if (source.startsWith('device ')) return `Kiosco ${source.slice('device '.length)}`;
  if (source.startsWith('address ')) return `Dirección ${source.slice('address '.length)}`;
  return source;
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
  const [focusNext, setFocusNext] = useState<number | 'heading' | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusNext === null || !changes.data || apply.isPending) return;
    const timer = window.setTimeout(() => {
      const target =
        focusNext === 'heading' ? headingRef.current : sectionRef.current?.querySelector<HTMLButtonElement>(`[data-apply="${focusNext}"]`);
      target?.focus();
      setFocusNext(null);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [focusNext, changes.data, apply.isPending]);

  const onApply = (change: PlayerNameChange) => {
    const list = changes.data ?? [];
    const index = list.findIndex((c) => c.id === change.id);
    const next = list[index + 1] ?? list[index - 1];
    apply.mutate(change.id, {
      onSuccess: () => {
        setFocusNext(next ? next.id : 'heading');
        toast({ title: 'Nombre actualizado', description: `${change.oldFullName} → ${change.newFullName}`, variant: 'success' });
      },
    });
  };
  const count = changes.data?.length ?? 0;

  return (
    <Card className="p-4 sm:p-5">
      <section ref={sectionRef} aria-labelledby="name-changes-title" className="space-y-3">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id="name-changes-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
              Cambios de nombre
            </h2>
            {count > 0 && (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
                {count === 1 ? '1 pendiente' : `${count} pendientes`}
              </span>
            )}
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Un documento ya registrado que llega con otro nombre no cambia el nombre guardado. Aplica el cambio solo si es el mismo jugador.
          </p>
        </div>
        {changes.isPending ? (
          <LoadingState label="Cargando cambios de nombre" />
        ) : changes.isError ? (
          <ErrorState title="No se pudieron cargar los cambios de nombre" />
        ) : changes.data.length === 0 ? (
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">No hay cambios de nombre pendientes.</p>
        ) : (
          <ul className="divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {changes.data.map((change) => (
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
                      <time dateTime={change.createdAt}>{formatDateTime(change.createdAt)}</time>
                    </span>
                    <span className="inline-flex min-w-0 items-center gap-1">
                      <MonitorSmartphone className={FACT_ICON} aria-hidden />
                      <span className="min-w-0 break-all">{sourceLabel(change.source)}</span>
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
          </ul>
        )}
      </section>
    </Card>
  );
}
