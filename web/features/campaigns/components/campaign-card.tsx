import { CalendarDays, Pencil, Repeat, Trash2 } from 'lucide-react';
import { SELECTION_MODE_LABELS, type Campaign } from '../../../../contract';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Card } from '../../../components/ui/card';
import { ResultsLink } from '../../../shared/moderation/results-link';
import { useCan } from '../../../shared/auth/use-can';
import { campaignPeriod } from '../campaign-period';

/** One campaign of /campaigns: what it is, its period and mode, and where to go from it ("Editar" and delete for the roles that edit its company's content). */
export function CampaignCard({ campaign, onDelete }: { campaign: Campaign; onDelete: () => void }) {
  const edits = useCan().can('content.edit', campaign.companyId);
  return (
    <Card role="article" className="flex min-w-0 flex-col p-3 min-[400px]:p-5" aria-labelledby={`campaign-${campaign.id}-name`}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`campaign-${campaign.id}-name`} className="font-semibold break-words">
            {campaign.name}
          </h2>
          <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">{campaign.description || 'Sin descripción'}</p>
        </div>
        {edits && (
          <Button variant="ghost" size="sm" className="-mt-1 -mr-2 px-2 text-red-600 dark:text-red-400" aria-label={`Eliminar ${campaign.name}`} onClick={onDelete}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        )}
      </div>
      <dl className="mt-4 flex-1 space-y-1.5 text-sm">
        <div className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0 text-slate-400" aria-hidden />
          <dt className="sr-only">Periodo</dt>
          <dd data-testid="campaign-period">{campaignPeriod(campaign)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <Repeat className="size-4 shrink-0 text-slate-400" aria-hidden />
          <dt className="sr-only">Modo de selección</dt>
          <dd>{SELECTION_MODE_LABELS[campaign.attemptSelectionMode]}</dd>
        </div>
      </dl>
      <div className="mt-5 grid grid-cols-2 gap-2">
        {edits && (
          <ButtonLink to={`/campaigns/${campaign.id}`} size="sm" icon={<Pencil className="size-4" aria-hidden />}>
            Editar
          </ButtonLink>
        )}
        <ResultsLink subject={{ kind: 'campaign', id: campaign.id }} size="sm" />
      </div>
    </Card>
  );
}
