import { siteName } from '../../../contract';
import { useLocation } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, LoadingState } from '../../components/ui/states';
import { usePlayerHistory } from './api';
import { HistoryAttemptCard } from './history-attempt-card';
import { BackLink, CannotOpen } from './insight-page-parts';
import { ScreenFor } from '../../shared/auth/role-refusal';

/** Where the admin came from (a ranking row passes its screen), for the way back. */
interface CameFrom {
  from?: { path: string; label: string };
}

const BACK_TO_PLAYER_DATA = { path: '/player-data', label: 'Datos personales' };

/**
 * /players/:playerId/history ("Historial del jugador"): every attempt of one player across
 * trivias and campaigns, newest first, with where it stands (counted, in review, discarded,
 * disqualified, unfinished), its round, where it was played and each answer. Opened from "Datos
 * personales" and from an admin ranking's row.
 */
function PlayerHistoryScreen({ params }: { params: Record<string, string | undefined> }) {
  const playerId = Number(params.playerId);
  const validId = Number.isInteger(playerId) && playerId > 0;
  const history = usePlayerHistory(playerId, validId);
  const back = (useLocation().state as CameFrom | null)?.from ?? BACK_TO_PLAYER_DATA;
  const backLink = <BackLink to={back.path}>{back.label}</BackLink>;

  if (!validId || history.isError) {
    return (
      <div>
        {backLink}
        <CannotOpen title="No se pudo abrir el historial" validId={validId} error={history.error} />
      </div>
    );
  }
  if (history.isPending) return <LoadingState label="Cargando historial..." />;

  const { player, attempts } = history.data;
  const counted = attempts.filter((attempt) => attempt.standing === 'counted').length;
  return (
    <div>
      {backLink}
      <PageHeader
        title={`Historial: ${player.fullName}`}
        description="Cada intento del jugador en todas las trivias y campañas, del más reciente al más antiguo, con sus respuestas. Incluye los que no cuentan en los rankings."
      />
      <Card className="mb-6 p-5">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div>
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Documento</dt>
            <dd className="font-semibold break-words">{player.documentNumber ?? 'Borrado'}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Sede</dt>
            <dd className="font-semibold break-words">{siteName(player.site)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Intentos</dt>
            <dd className="font-semibold tabular-nums" data-testid="history-attempts">{attempts.length}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">Cuentan en los rankings</dt>
            <dd className="font-semibold tabular-nums" data-testid="history-counted">{counted}</dd>
          </div>
        </dl>
      </Card>
      {attempts.length === 0 ? (
        <EmptyState title="Este jugador todavía no ha jugado ninguna trivia." />
      ) : (
        <ol className="space-y-4" aria-label="Intentos">
          {attempts.map((attempt) => (
            <li key={attempt.id}>
              <HistoryAttemptCard attempt={attempt} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** For the roles that manage players' data (the history names the player); any other is told so. */
export function PlayerHistoryPage({ params }: { params: Record<string, string | undefined> }) {
  return (
    <ScreenFor action="players.manage" what="Historial del jugador">
      <PlayerHistoryScreen params={params} />
    </ScreenFor>
  );
}
