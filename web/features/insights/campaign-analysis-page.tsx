import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorText } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useCampaign } from '../../shared/campaigns/api/get-campaign';
import { SiteFilter } from '../../shared/ranking/site-filter';
import { useCampaignAnalysis } from './api';
import { CampaignSpreadSection, CampaignTriviasSection } from './campaign-analysis-sections';

/**
 * /campaigns/:campaignId/analysis ("Análisis" of a campaign): as its ranking stands, the players of
 * each trivia and their mean score (each trivia's questions in its own analysis), how many trivias
 * each player finished and how the weighted totals spread; by site.
 */
export function CampaignAnalysisPage({ params }: { params: Record<string, string | undefined> }) {
  const campaignId = Number(params.campaignId);
  const validId = Number.isInteger(campaignId) && campaignId > 0;
  const campaign = useCampaign(validId ? campaignId : 0);
  const [locationId, setLocationId] = useState<number | undefined>();
  const analysis = useCampaignAnalysis(campaignId, { locationId }, validId);

  if (!validId || campaign.isError) {
    return (
      <ErrorState heading={1} title="No se pudo abrir el análisis" message={validId ? errorText(campaign.error) : 'El enlace no es válido.'}>
        <Link to="/campaigns" className="mt-2 text-sm font-medium text-brand-700 underline dark:text-brand-200">
          Volver a Campañas
        </Link>
      </ErrorState>
    );
  }

  const data = analysis.data;
  return (
    <div>
      <Link to={`/campaigns/${campaignId}/ranking`} className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700 dark:text-slate-400">
        <ArrowLeft className="size-4" aria-hidden />
        Ranking de la campaña
      </Link>
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
          {analysis.isPending ? (
            <LoadingState label="Cargando análisis..." />
          ) : analysis.isError && !data ? (
            <ErrorState title="No se pudo cargar el análisis" message={errorText(analysis.error)}>
              <Button variant="secondary" className="mt-2" pending={analysis.isFetching} onClick={() => void analysis.refetch()}>
                Reintentar
              </Button>
            </ErrorState>
          ) : !data || data.players === 0 ? (
            <EmptyState title="Todavía no hay jugadores en el ranking de esta campaña con estos filtros: cuando se jueguen sus trivias, su análisis aparecerá aquí." />
          ) : (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="campaign-analysis-summary">
                <strong>{formatNumber(data.players)}</strong> {data.players === 1 ? 'jugador' : 'jugadores'} en el ranking de la campaña.
              </p>
              <CampaignTriviasSection analysis={data} />
              <CampaignSpreadSection analysis={data} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
