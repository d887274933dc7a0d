import { History, Merge, Search, Trash2, UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { normalizeDocumentNumber, type ErasureAction, type PlayerData } from '../../../contract';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { TextInput } from '../../components/ui/field';
import { SelectInput } from '../../components/ui/form-controls';
import { PageHeader } from '../../components/ui/page-header';
import { ApiError, errorText } from '../../lib/api';
import { DateTime, EventTimeZone } from '../../shared/time-zone/event-time-zone';
import { toast } from '../../lib/toast-store';
import { findPlayerData, useDocumentTypes, useErasePlayer, useErasures } from './api';
import { ScreenFor } from '../../shared/auth/role-refusal';

const ACTION_TEXT: Record<ErasureAction, { title: string; button: string; explain: string }> = {
  anonymise: {
    title: 'Anonimizar datos personales',
    button: 'Anonimizar',
    explain: 'El nombre pasa a "Jugador eliminado", se borran el documento y el contacto. Sus intentos quedan en los rankings como una fila anónima.',
  },
  delete: {
    title: 'Eliminar jugador e intentos',
    button: 'Eliminar todo',
    explain: 'Se eliminan el jugador y todos sus intentos: desaparecen de los rankings y de las exportaciones.',
  },
};

/**
 * "Datos personales": an admin finds a player by document, sees what is stored and erases it
 * (anonymise or delete with the attempts), confirming by typing the document number. Every
 * erasure is recorded on the server; the latest ones are listed at the bottom.
 */
function PlayerDataScreen() {
  const types = useDocumentTypes();
  const [documentTypeId, setDocumentTypeId] = useState<number | ''>('');
  const [documentNumber, setDocumentNumber] = useState('');
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<PlayerData | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [action, setAction] = useState<ErasureAction | null>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    if (documentTypeId === '' || documentNumber.trim() === '') {
      setMessage('Elige el tipo de documento y escribe el número.');
      return;
    }
    setSearching(true);
    setFound(null);
    setMessage(null);
    try {
      setFound(await findPlayerData(documentTypeId, documentNumber.trim()));
    } catch (error) {
      setMessage(error instanceof ApiError && error.code === 'player_not_found' ? 'No hay ningún jugador con ese documento.' : errorText(error));
    } finally {
      setSearching(false);
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Datos personales"
        description="Busca a un jugador por su documento para ver qué datos se guardan y borrarlos si lo pide."
        actions={
          <ButtonLink to="/player-merges" variant="secondary" icon={<Merge className="size-4" aria-hidden />}>
            Unir jugadores
          </ButtonLink>
        }
      />
      <Card className="p-4 sm:p-6">
        <form onSubmit={(event) => void search(event)} noValidate className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label="Buscar jugador">
          <SelectInput label="Tipo de documento" value={documentTypeId} onChange={(event) => setDocumentTypeId(event.target.value === '' ? '' : Number(event.target.value))}>
            <option value="">Selecciona…</option>
            {(types.data ?? []).map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </SelectInput>
          <TextInput label="Número de documento" value={documentNumber} onChange={(event) => setDocumentNumber(event.target.value)} autoComplete="off" />
          <Button type="submit" pending={searching} icon={<Search className="size-4" aria-hidden />}>
            Buscar
          </Button>
        </form>
        <div aria-live="polite" className="mt-4">
          {message && <p className="text-sm text-slate-700 dark:text-slate-200">{message}</p>}
          {found && <PlayerDataCard data={found} onErase={setAction} />}
        </div>
      </Card>
      {found && action && (
        <EraseDialog
          data={found}
          numeric={types.data?.find((type) => type.id === found.documentTypeId)?.numeric === true}
          action={action}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            setFound(null);
            setMessage('Los datos personales del jugador se borraron.');
          }}
        />
      )}
      <ErasureLog />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function PlayerDataCard({ data, onErase }: { data: PlayerData; onErase: (action: ErasureAction) => void }) {
  return (
    <section aria-labelledby="player-data-title" className="space-y-4">
      <h2 id="player-data-title" className="text-lg font-semibold">
        {data.fullName}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Documento">{data.documentNumber}</Fact>
        <Fact label="Sede">{data.location ? `${data.location.name} (${data.location.companyName})` : 'Sin sede'}</Fact>
        <Fact label="Intentos">{data.attempts}</Fact>
        <Fact label="Consentimiento">
          {data.consent ? (
            <>
              {data.consent.companyName}, versión {data.consent.version},{' '}
              <EventTimeZone companyId={data.consent.companyId}>
                <DateTime value={data.consent.consentedAt} />
              </EventTimeZone>
            </>
          ) : (
            'No registrado'
          )}
        </Fact>
        <Fact label="Registrado">
          {/* A registration happens at the player's site: its company's zone (none: the installation's). */}
          <EventTimeZone companyId={data.location?.companyId ?? null}>
            <DateTime value={data.createdAt} />
          </EventTimeZone>
        </Fact>
      </dl>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={`/players/${data.id}/history`} variant="secondary" icon={<History className="size-4" aria-hidden />}>
          Ver historial
        </ButtonLink>
        <Button variant="secondary" icon={<UserX className="size-4" aria-hidden />} onClick={() => onErase('anonymise')}>
          Anonimizar datos
        </Button>
        <Button variant="danger" icon={<Trash2 className="size-4" aria-hidden />} onClick={() => onErase('delete')}>
          Eliminar jugador e intentos
        </Button>
      </div>
    </section>
  );
}

/** The confirmation: the admin types the document number, in any spelling of it (the identity rule); the server checks it again. */
function EraseDialog({
  data,
  numeric,
  action,
  onClose,
  onDone,
}: {
  data: PlayerData;
  numeric: boolean;
  action: ErasureAction;
  onClose: () => void;
  onDone: () => void;
}) {
  const erase = useErasePlayer();
  const [confirm, setConfirm] = useState('');
  const text = ACTION_TEXT[action];
  const typed = normalizeDocumentNumber(confirm, { numeric });
  const matches = typed !== '' && typed === normalizeDocumentNumber(data.documentNumber, { numeric });
  const submit = () =>
    erase.mutate(
      { id: data.id, action, confirm: confirm.trim() },
      {
        onSuccess: () => {
          toast({ title: action === 'delete' ? 'Jugador eliminado' : 'Datos anonimizados', variant: 'success' });
          onDone();
        },
        onError: (error) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
      },
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={text.title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={erase.isPending}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={submit} pending={erase.isPending} disabled={!matches}>
            {text.button}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
        <p>{text.explain}</p>
        <p>No se puede deshacer. Queda registrado quién lo hizo y cuándo.</p>
        <TextInput
          label={`Escribe el número de documento (${data.documentNumber}) para confirmar`}
          value={confirm}
          autoComplete="off"
          onChange={(event) => setConfirm(event.target.value)}
        />
      </div>
    </Dialog>
  );
}

function ErasureLog() {
  const erasures = useErasures();
  if (!erasures.data || erasures.data.length === 0) return null;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="erasures-title">
        <h2 id="erasures-title" className="text-lg font-semibold">
          Borrados registrados
        </h2>
        <ul className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300">
          {erasures.data.map((e) => (
            <li key={e.id}>
              <DateTime value={e.performedAt} /> · jugador #{e.playerId} · {e.action === 'deleted' ? 'eliminado con sus intentos' : 'anonimizado'} ·{' '}
              {e.attempts} {e.attempts === 1 ? 'intento' : 'intentos'} · {e.performedBy ?? 'usuario eliminado'}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

/** For the roles with "players.manage" in some company; any other is told so. */
export function PlayerDataPage() {
  return (
    <ScreenFor action="players.manage" what="Datos personales">
      <PlayerDataScreen />
    </ScreenFor>
  );
}
