import { History } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/ui/button-link';
import { useCan } from '../auth/use-can';
import { DisqualifyButton } from './disqualify-button';

/**
 * An admin ranking row's actions (the trivia's and the campaign's), as the user's role over the
 * ranking's company allows: the player's history, which leads back to this ranking (players'
 * data), and 'Descalificar' (moderation). Null when the role has neither.
 */
export function RankingRowActions({
  player,
  companyId,
  onDisqualify,
}: {
  player: { playerId: number; firstName: string; lastName: string };
  companyId: number | undefined;
  onDisqualify: () => void;
}) {
  const location = useLocation();
  const { can } = useCan();
  const name = `${player.firstName} ${player.lastName}`.trim();
  const history = can('players.manage', companyId);
  const moderate = can('rankings.moderate', companyId);
  if (!history && !moderate) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {history && (
        <ButtonLink
          to={`/players/${player.playerId}/history`}
          state={{ from: { path: `${location.pathname}${location.search}`, label: 'Volver al ranking' } }}
          size="sm"
          variant="secondary"
          className="max-sm:h-10"
          icon={<History className="size-4" aria-hidden />}
          aria-label={`Historial de ${name}`}
        >
          Historial
        </ButtonLink>
      )}
      {moderate && <DisqualifyButton player={player} onClick={onDisqualify} />}
    </div>
  );
}
