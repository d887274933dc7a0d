import type { CampaignRankingEntry } from '../../../../contract';
import { toast } from '../../../lib/toast-store';
import { ReasonDialog } from '../../../shared/moderation/reason-dialog';
import { useDisqualifyFromCampaign } from '../api/campaign-disqualifications';
import { formatNumber } from '../../../lib/format';

/** "Descalificar" a campaign ranking row: the player, at every trivia of the campaign, with a reason. */
export function CampaignDisqualifyDialog({ campaignId, entry, onClose }: { campaignId: number; entry: CampaignRankingEntry | null; onClose: () => void }) {
  const disqualify = useDisqualifyFromCampaign(campaignId);
  const name = entry ? `${entry.firstName} ${entry.lastName}`.trim() : '';

  return (
    <ReasonDialog
      open={entry !== null}
      title="¿Descalificar de la campaña?"
      message={
        entry ? (
          <>
            <p>
              {name}: {formatNumber(entry.totalScore)} puntos en la posición {entry.position}.
            </p>
            <p className="mt-2">
              Ninguno de sus resultados en las trivias de esta campaña cuenta, tampoco los que lleguen después: sale del ranking de la campaña y
              del de cada trivia. Sus resultados se conservan y puede restaurarse.
            </p>
          </>
        ) : (
          ''
        )
      }
      confirmLabel="Descalificar"
      danger
      pending={disqualify.isPending}
      onCancel={onClose}
      onConfirm={(reason) =>
        entry &&
        disqualify.mutate(
          { playerId: entry.playerId, reason },
          {
            onSuccess: () => {
              onClose();
              toast({ title: 'Descalificado de la campaña', description: name, variant: 'success' });
            },
          },
        )
      }
    />
  );
}
