import { CalendarDays, Pencil } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button-link';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { useCampaigns } from '../../../shared/campaigns/api/get-campaigns';
import { ResultsLink } from '../../../shared/moderation/results-link';
import { useCan } from '../../../shared/auth/use-can';

/** The dashboard's 'Campañas Activas': shown only when campaigns exist ("Editar" for the roles that edit the campaign's company's content). */
export function ActiveCampaigns() {
  const campaigns = useCampaigns();
  const { can } = useCan();
  if (!campaigns.data?.length) return null;
  return (
    <section aria-labelledby="active-campaigns-title" className="space-y-4">
      <h2 id="active-campaigns-title" className="text-xl font-semibold">
        Campañas Activas
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {campaigns.data.map((campaign) => (
          <Card key={campaign.id} role="article" aria-label={campaign.name} className="flex min-w-0 flex-col p-3 min-[400px]:p-5">
            <h3 className="font-semibold break-words">{campaign.name}</h3>
            <p className="mt-1 flex-1 text-sm break-words text-slate-600 dark:text-slate-400">{campaign.description || 'Sin descripción'}</p>
            <p className="mt-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <CalendarDays className="size-4 shrink-0 text-slate-400" aria-hidden />
              <span>
                Inicio: {formatDate(campaign.startDate)} · Fin: {formatDate(campaign.endDate)}
              </span>
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              {can('content.edit', campaign.companyId) && (
                <ButtonLink to={`/campaigns/${campaign.id}`} size="sm" icon={<Pencil className="size-4" aria-hidden />}>
                  Editar
                </ButtonLink>
              )}
              <ResultsLink subject={{ kind: 'campaign', id: campaign.id }} size="sm" />
            </div>
          </Card>
        ))}
      </div>
    </section>
  );
}
