import { CalendarDays, IdCard, ListChecks, MapPin, Merge, TriangleAlert, UserRoundSearch } from 'lucide-react';
import { useState } from 'react';
import { DUPLICATE_REASON_LABELS, type DuplicatePlayer, type DuplicatePlayerGroup } from '../../../contract';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { DateTime } from '../../shared/time-zone/event-time-zone';
import { toast } from '../../lib/toast-store';
import { useDuplicatePlayers, useMergePlayers, usePlayerMerges } from './api';
import { ScreenFor } from '../../shared/auth/role-refusal';

const FACT_ICON = 'size-3.5 shrink-0 text-slate-400 dark:text-slate-500';
const groupKey = (group: DuplicatePlayerGroup) => `${group.reason}-${group.players.map((p) => p.id).join('-')}`;
const attemptsText = (n: number) => `${n} ${n === 1 ? 'intento' : 'intentos'}`;

/** The player kept unless the admin chooses another: the one already stored with the document as the rule writes it, else the oldest. */
const defaultKept = (group: DuplicatePlayerGroup) => (group.players.find((p) => p.documentNumber === group.documentNumber) ?? group.players[0]!).id;

/**
 * "Unir jugadores": players registered before the identity rule under several spellings of one
 * document (01024477501, 102-4477501…) are one person; one number under several document types
 * (CC and CE, TI and CC) at one company may be. Nothing merges them silently. Each group shows why
 * it is listed and its players; the admin chooses the one to keep and confirms, and the others'
 * attempts, consents and names move to it (the server does it in one transaction and records it).
 * The merges made are listed at the bottom.
 */
function PlayerMergesScreen() {
  const groups = useDuplicatePlayers();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Unir jugadores"
        description="El mismo documento escrito de otra forma (ceros a la izquierda, guiones, puntos) es la misma persona. El mismo número con otro tipo de documento puede serlo: revísalo antes de unir."
        actions={
          <ButtonLink to="/player-data" variant="secondary" icon={<UserRoundSearch className="size-4" aria-hidden />}>
            Datos personales
          </ButtonLink>
        }
      />
      {groups.status === 'pending' ? (
        <Card className="p-4 sm:p-6">
          <LoadingState label="Buscando jugadores repetidos" />
        </Card>
      ) : groups.status === 'error' ? (
        <Card className="p-4 sm:p-6">
          <ErrorState title="No se pudieron cargar los jugadores repetidos" />
        </Card>
      ) : groups.data.length === 0 ? (
        <Card className="p-4 sm:p-6">
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            No hay jugadores con el mismo documento ni con el mismo número en otro tipo de documento.
          </p>
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {groups.data.length === 1 ? '1 grupo de jugadores por revisar.' : `${groups.data.length} grupos de jugadores por revisar.`}
          </p>
          {groups.data.map((group) => (
            <DuplicateGroup key={groupKey(group)} group={group} />
          ))}
        </>
      )}
      <MergeLog />
    </div>
  );
}

function PlayerChoice({ player, name, checked, onChoose }: { player: DuplicatePlayer; name: string; checked: boolean; onChoose: () => void }) {
  return (
    <li>
      <label
        className={`flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-3 transition-colors sm:px-4 ${
          checked
            ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-900/30'
            : 'border-slate-200 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/60'
        }`}
      >
        <input type="radio" name={name} className="mt-1 size-4 shrink-0 accent-brand-600" checked={checked} onChange={onChoose} />
        <span className="min-w-0 space-y-1">
          <span className="block font-semibold break-words text-slate-900 dark:text-slate-100">
            {player.fullName}
            <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">#{player.id}</span>
          </span>
          <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            <span className="inline-flex min-w-0 items-center gap-1">
              <IdCard className={FACT_ICON} aria-hidden />
              <span className="sr-only">Documento guardado:</span>
              <span className="font-mono break-all">
                {player.documentTypeCode} {player.documentNumber}
              </span>
            </span>
            <span className="inline-flex min-w-0 items-center gap-1">
              <MapPin className={FACT_ICON} aria-hidden />
              <span className="break-words">{player.location?.name ?? 'Sin sede'}</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <ListChecks className={FACT_ICON} aria-hidden />
              {attemptsText(player.attempts)}
            </span>
            <span className="inline-flex items-center gap-1">
              <CalendarDays className={FACT_ICON} aria-hidden />
              <span className="sr-only">Registrado el</span>
              <DateTime value={player.createdAt} />
            </span>
          </span>
        </span>
      </label>
    </li>
  );
}

function DuplicateGroup({ group }: { group: DuplicatePlayerGroup }) {
  const [keptId, setKeptId] = useState(() => defaultKept(group));
  const [confirming, setConfirming] = useState(false);
  const merge = useMergePlayers();
  const key = groupKey(group);
  const kept = group.players.find((p) => p.id === keptId) ?? group.players[0]!;
  const others = group.players.filter((p) => p.id !== kept.id);
  const title = `${group.documentTypeCode} ${group.documentNumber}`;
  const otherType = group.reason === 'same-number-other-type';
  const moved = others.reduce((sum, p) => sum + p.attempts, 0);

  // Awaited rather than a per-call callback: the merged group leaves the list (and this component
  // unmounts) as soon as the duplicates are read again, and the toast must still say so.
  const onConfirm = async () => {
    try {
      const record = await merge.mutateAsync({ keepPlayerId: kept.id, playerIds: group.players.map((p) => p.id) });
      toast({ title: 'Jugadores unidos', description: `${title}: ${attemptsText(record.attemptsMoved)} pasaron a ${kept.fullName}.`, variant: 'success' });
    } catch {
      // The failure's toast comes from the mutation's errorTitle.
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby={`merge-${key}`} className="space-y-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={`merge-${key}`} className="text-lg font-semibold break-all">
            {title}
          </h2>
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
            {group.players.length} jugadores
          </span>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {DUPLICATE_REASON_LABELS[group.reason]}
          </span>
        </div>
        {otherType && (
          <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
            Puede ser la misma persona (una tarjeta de identidad que pasó a cédula, un documento mal elegido) o dos personas distintas. Únelos solo si lo
            confirmas.
          </p>
        )}
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm text-slate-600 dark:text-slate-400">Elige el jugador que se conserva. Los demás se unen a él.</legend>
          <ul className="space-y-2">
            {group.players.map((player) => (
              <PlayerChoice key={player.id} player={player} name={`keep-${key}`} checked={player.id === kept.id} onChoose={() => setKeptId(player.id)} />
            ))}
          </ul>
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <Button icon={<Merge className="size-4" aria-hidden />} className="max-sm:w-full" onClick={() => setConfirming(true)} disabled={merge.isPending}>
            Unir {group.players.length} jugadores
          </Button>
        </div>
      </section>
      <ConfirmDialog
        open={confirming}
        title="Unir jugadores"
        confirmLabel="Unir"
        pending={merge.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onConfirm()}
        message={
          <div className="space-y-3">
            <p>
              Se conserva <strong>{kept.fullName}</strong> (#{kept.id}) con el documento {kept.documentTypeCode} {group.documentNumber}. Pasan a este
              jugador {attemptsText(moved)}, los consentimientos y los nombres de:
            </p>
            <ul className="list-disc space-y-1 pl-5">
              {others.map((p) => (
                <li key={p.id}>
                  {p.fullName} (#{p.id}, {p.documentTypeCode} {p.documentNumber})
                </li>
              ))}
            </ul>
            <p>Esos jugadores se eliminan y los rankings se recalculan. No se puede deshacer; queda registrado quién lo hizo y cuándo.</p>
          </div>
        }
      />
    </Card>
  );
}

function MergeLog() {
  const merges = usePlayerMerges();
  if (!merges.data || merges.data.length === 0) return null;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="merges-title">
        <h2 id="merges-title" className="text-lg font-semibold">
          Uniones registradas
        </h2>
        <ul className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300">
          {merges.data.map((m) => (
            <li key={m.id}>
              <DateTime value={m.mergedAt} /> · se conservó el jugador #{m.keptPlayerId} · se unieron {m.mergedPlayerIds.map((id) => `#${id}`).join(', ')} ·{' '}
              {attemptsText(m.attemptsMoved)} movidos · {m.mergedBy ?? 'usuario eliminado'}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

/** For the roles with "players.manage" in some company; any other is told so. */
export function PlayerMergesPage() {
  return (
    <ScreenFor action="players.manage" what="Unir jugadores">
      <PlayerMergesScreen />
    </ScreenFor>
  );
}
