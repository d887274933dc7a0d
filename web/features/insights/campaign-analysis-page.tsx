import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { formatNumber } from '../../lib/format';
import { useCampaign } from '../../shared/campaigns/api/get-campaign';
import { SiteFilter } from '../../shared/ranking/site-filter';
import { useCampaignAnalysis } from './api';
import { BackLink, CannotOpen, FiguresStates } from './insight-page-parts';
import { CampaignSpreadSection, CampaignTimelineSection, CampaignTriviasSection } from './campaign-analysis-sections';
import { RoleRefusal } from '../../shared/auth/role-refusal';
import { useCan } from '../../shared/auth/use-can';
import { isMissing, MissingObject } from '../../shared/missing/missing-object';

/**
 * /campaigns/:campaignId/analysis ("Análisis" of a campaign): as its ranking stands, the players of
 * each trivia and their mean score (each trivia's questions in its own analysis), how many trivias
 * each player finished, how the weighted totals spread, and the rounds of each hour of the event; by site.
 * For the roles with "analysis.view" in the campaign's company; a campaign beyond reach is missing.
 */
export function CampaignAnalysisPage({ params }: { params: Record<string, string | undefined> }) {
  const campaignId = Number(params.campaignId);
  const validId = Number.isInteger(campaignId) && campaignId > 0;
  const campaign = useCampaign(validId ? campaignId : 0);
  const [locationId, setLocationId] = useState<number | undefined>();
  const allowed = useCan().can('analysis.view', campaign.data?.companyId);
  const analysis = useCampaignAnalysis(campaignId, { locationId }, validId && allowed);

  if (validId && campaign.isError && isMissing(campaign.error)) {
    return <MissingObject kind="campaign" id={campaignId} back={{ to: '/campaigns', label: 'Ir a las campañas' }} heading={1} />;
  }
  if (campaign.data && !allowed) return <RoleRefusal what="Análisis de la campaña" />;
  if (!validId || campaign.isError) {
    return (
      <CannotOpen title="No se pudo abrir el análisis" validId={validId} error={campaign.error}>
        <Link to="/campaigns" className="mt-2 text-sm font-medium text-brand-700 underline dark:text-brand-200">
          Volver a Campañas
        </Link>
      </CannotOpen>
    );
  }

  const data = analysis.data;
  return (
    <div>
      <BackLink to={`/campaigns/${campaignId}/ranking`}>Ranking de la campaña</BackLink>
      <PageHeader
        title={`Análisis${campaign.data ? `: ${campaign.data.name}` : ''}`}
        description="Cómo va la campaña según su ranking: los jugadores de cada trivia, cuántas trivias terminó cada uno y cómo se reparten los puntajes totales. Las preguntas de cada trivia tienen su propio análisis."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(16rem,20rem)_1fr]">
        <Card className="h-fit space-y-4 p-5">
          <h2 className="font-semibold">Filtros</h2>
          <SiteFilter companyId={campaign.data?.companyId} value={locationId} onChange={setLocationId} />
        </Card>
        <section aria-label="Resultados" aria-busy={analysis.isFetching} className="min-w-0 space-y-6">
          <FiguresStates
            query={analysis}
            hasData={data !== undefined}
            empty={!data || data.players === 0}
            emptyTitle="Todavía no hay jugadores en el ranking de esta campaña con estos filtros: cuando se jueguen sus trivias, su análisis aparecerá aquí."
          >
            {data && (
              <>
                <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="campaign-analysis-summary">
                  <strong>{formatNumber(data.players)}</strong> {data.players === 1 ? 'jugador' : 'jugadores'} en el ranking de la campaña.
                </p>
                <CampaignTriviasSection analysis={data} />
                <CampaignSpreadSection analysis={data} />
                <CampaignTimelineSection analysis={data} />
              </>
            )}
          </FiguresStates>
        </section>
      </div>
    </div>
  );
}
