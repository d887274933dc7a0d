import { Check, MapPin, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { locationSchema, type Company, type Location } from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { inputClass } from '../../../components/ui/field';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { errorText } from '../../../lib/api';
import { useDeleteLocation } from '../api/delete-location';
import { useLocations } from '../api/get-locations';
import { useSaveLocation } from '../api/save-location';
import { failureToast, successToast } from '../failure-toast';
import { useCan } from '../../../shared/auth/use-can';

/** One name field for adding or renaming a site, checked with the contract's location schema. */
function LocationNameForm({ initial, pending, onSave, onCancel }: { initial: string; pending: boolean; onSave: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const result = locationSchema.shape.name.safeParse(name);
    if (!result.success) setError(result.error.issues[0]?.message);
    else onSave(result.data);
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
      <div className="min-w-0 flex-1 basis-48">
        <input
          autoFocus
          aria-label="Nombre de la sede"
          aria-invalid={error ? true : undefined}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="Nombre de la sede"
          className={inputClass}
        />
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="md" pending={pending} icon={<Check className="size-4" aria-hidden />}>
        Guardar
      </Button>
      <Button variant="ghost" onClick={onCancel} icon={<X className="size-4" aria-hidden />}>
        Cancelar
      </Button>
    </form>
  );
}

/** "Sedes de {company}": the sites of one company, added, renamed and deleted in place. */
export function LocationsPanel({ company, onClose }: { company: Company; onClose: () => void }) {
  const locations = useLocations(company.id);
  const save = useSaveLocation(company.id);
  const remove = useDeleteLocation(company.id);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Location | null>(null);
  // Only the roles that edit the company's content change its sites; anyone else reads them.
  const edits = useCan().can('content.edit', company.id);

  function saveName(name: string, id?: number) {
    save.mutate(
      { id, name },
      {
        onSuccess: () => {
          successToast(id ? 'Sede actualizada correctamente' : 'Sede creada correctamente');
          if (id) setEditingId(null);
          else setAdding(false);
        },
        onError: failureToast(id ? 'No se pudo actualizar la sede' : 'No se pudo crear la sede'),
      },
    );
  }

  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="locations-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="locations-title" className="flex min-w-0 items-center gap-2 text-lg font-semibold">
          <MapPin className="size-5 shrink-0 text-brand-600" aria-hidden />
          <span className="break-words">Sedes de {company.name}</span>
        </h2>
        <div className="flex gap-2">
          {edits && (
            <Button size="sm" icon={<Plus className="size-4" aria-hidden />} onClick={() => setAdding(true)} disabled={adding}>
              Agregar sede
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={onClose}>
            Cerrar
          </Button>
        </div>
      </div>

      {adding && (
        <div className="mt-4">
          <LocationNameForm initial="" pending={save.isPending} onSave={(name) => saveName(name)} onCancel={() => setAdding(false)} />
        </div>
      )}

      <div className="mt-4">
        {locations.isPending ? (
          <LoadingState label="Cargando sedes..." />
        ) : locations.isError ? (
          <ErrorState title="No se pudieron cargar las sedes" message={errorText(locations.error)} />
        ) : locations.data.length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-slate-200 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
            {edits ? 'No hay sedes. Agrega la primera arriba.' : 'Esta empresa no tiene sedes.'}
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Nombre
                </th>
                {edits && (
                  <th scope="col" className="w-1 py-2 text-right font-medium">
                    Acciones
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {locations.data.map((location) =>
                editingId === location.id ? (
                  <tr key={location.id}>
                    <td colSpan={2} className="py-2">
                      <LocationNameForm
                        initial={location.name}
                        pending={save.isPending}
                        onSave={(name) => saveName(name, location.id)}
                        onCancel={() => setEditingId(null)}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={location.id}>
                    <td className="py-2 pr-3 break-words">{location.name}</td>
                    {edits && (
                      <td className="py-2">
                        <div className="flex justify-end gap-1">
                          <Button size="sm" variant="ghost" aria-label={`Editar ${location.name}`} icon={<Pencil className="size-4" aria-hidden />} onClick={() => setEditingId(location.id)}>
                            <span className="max-sm:sr-only">Editar</span>
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Eliminar ${location.name}`}
                            className="text-red-600 dark:text-red-400"
                            icon={<Trash2 className="size-4" aria-hidden />}
                            onClick={() => setDeleting(location)}
                          >
                            <span className="max-sm:sr-only">Eliminar</span>
                          </Button>
                        </div>
                      </td>
                    )}
                  </tr>
                ),
              )}
            </tbody>
          </table>
        )}
      </div>

      <ConfirmDelete
        target={deleting}
        title="¿Eliminar la sede?"
        message={(location) => `Se eliminará la sede "${location.name}". Los jugadores y puntajes registrados allí se conservan sin sede. Esta acción no se puede deshacer.`}
        mutation={remove}
        variables={(location) => location.id}
        onDeleted={() => successToast('Sede eliminada correctamente')}
        onFailed={failureToast('No se pudo eliminar la sede')}
        stayOpenOnError
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
