import { History } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/ui/button-link';
import { DisqualifyButton } from './disqualify-button';

/**
 * An admin ranking row's actions (the trivia's and the campaign's): the player's history, which
 * leads back to this ranking, and 'Descalificar'.
 */
export function RankingRowActions({
  player,
  onDisqualify,
}: {
  player: { playerId: number; firstName: string; lastName: string };
  onDisqualify: () => void;
}) {
  const location = useLocation();
  const name = `${player.firstName} ${player.lastName}`.trim();
  return (
    <div className="flex flex-wrap gap-2">
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
      <DisqualifyButton player={player} onClick={onDisqualify} />
    </div>
  );
}
