import { ArrowLeft, BarChart3, Download, ExternalLink, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SELECTION_MODE_LABELS, type CampaignRankingEntry } from '../../../contract';
import { buttonClass } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { Tabs } from '../../components/ui/tabs';
import { errorText } from '../../lib/api';
import { ScreenLink } from '../../shared/big-screen/screen-link';
import { PrizeDraws } from '../../shared/draws/prize-draws';
import { LoadMore } from '../../shared/ranking/load-more';
import { PodiumCard } from '../../shared/ranking/podium-card';
import '../../shared/ranking/ranking.css';
import { useCampaign } from '../../shared/campaigns/api/get-campaign';
import { useCampaignLinks } from './api/get-campaign-links';
import { campaignRankingExportUrl, useCampaignRanking } from './api/get-campaign-ranking';
import { parseCampaignId } from './campaign-id';
import { campaignPeriod } from './campaign-period';
import { CampaignDisqualifications } from './components/campaign-disqualifications';
import { CampaignDisqualifyDialog } from './components/campaign-disqualify-dialog';
import { CampaignRankingFilterControls, useCampaignRankingFilters } from './components/campaign-ranking-filters';
import { campaignPodiumEntries, CampaignRankingList } from './components/campaign-ranking-list';
import { RankingResults } from './components/ranking-results';
import { TriviaScores } from './components/trivia-scores';
import { RankingRowActions } from '../../shared/moderation/ranking-row-actions';
import { EventTimeZone } from '../../shared/time-zone/event-time-zone';
import { HeldResultsCallout } from '../../shared/moderation/held-results-callout';
import { useCan } from '../../shared/auth/use-can';
import { isMissing, MissingObject } from '../../shared/missing/missing-object';

const CAMPAIGNS_WAY_BACK = { to: '/campaigns', label: 'Ir a las campañas' };

/**
 * /campaigns/:campaignId/ranking: the campaign ranking inside the admin shell, with 'Descalificar'
 * on each row, its disqualified players ('Restaurar') and its prize draws; above them, its trivias
 * whose results wait in review, each a link to that trivia's admin ranking (where they are decided).
 * Each of these, the export and the editor's link only for the roles that may use them.
 */
export function CampaignRankingPage({ params }: { params: Record<string, string | undefined> }) {
  const id = parseCampaignId(params.campaignId);
  if (id === null) return <ErrorState title="Campaña no encontrada" message="El enlace de la campaña no es válido." />;
  return <CampaignRanking id={id} />;
}

function CampaignRanking({ id }: { id: number }) {
  const campaign = useCampaign(id);
  const links = useCampaignLinks(id);
  const filterState = useCampaignRankingFilters();
  const { query: ranking, entries, more } = useCampaignRanking({ campaignId: id, audience: 'admin' }, filterState.filters);
  // A trivia's tab reads its own ranking once it is first opened (tab 0 is 'Ranking General').
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const [disqualifying, setDisqualifying] = useState<CampaignRankingEntry | null>(null);
  const { can } = useCan();

  if (campaign.isError) {
    if (isMissing(campaign.error)) return <MissingObject kind="campaign" id={id} back={CAMPAIGNS_WAY_BACK} />;
    return <ErrorState title="No se pudo abrir la campaña" message={errorText(campaign.error)} />;
  }
  if (campaign.isPending) return <LoadingState label="Cargando campaña..." />;
  const data = campaign.data;
  const moderates = can('rankings.moderate', data.companyId);
  const rowActions = moderates || can('players.manage', data.companyId);

  return (
    <div className="space-y-6">
      <div>
        <Link to="/campaigns" className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700 dark:text-slate-400">
          <ArrowLeft className="size-4" aria-hidden />
          Volver a Campañas
        </Link>
        <PageHeader
          title={`Ranking: ${data.name}`}
          description={data.description ?? undefined}
          actions={
            <>
              {can('exports.people', data.companyId) && (
                <a href={campaignRankingExportUrl(id, filterState.filters)} target="_blank" rel="noopener" className={buttonClass('secondary')}>
                  <Download className="size-4" aria-hidden />
                  Exportar CSV
                </a>
              )}
              <ButtonLink to={`/public/campaigns/${id}/ranking`} target="_blank" variant="secondary" icon={<ExternalLink className="size-4" aria-hidden />}>
                Ranking público
              </ButtonLink>
              <ScreenLink kind="campaign" id={id} />
              {can('analysis.view', data.companyId) && (
                <ButtonLink to={`/campaigns/${id}/analysis`} variant="secondary" icon={<BarChart3 className="size-4" aria-hidden />}>
                  Análisis
                </ButtonLink>
              )}
              {can('content.edit', data.companyId) && (
                <ButtonLink to={`/campaigns/${id}`} icon={<Settings className="size-4" aria-hidden />}>
                  Configurar
                </ButtonLink>
              )}
            </>
          }
        />
      </div>
      <HeldResultsCallout only={links.data?.map((link) => link.questionGroupId) ?? []} />

      <div className="grid gap-6 lg:grid-cols-[minmax(18rem,22rem)_1fr]">
        <div className="space-y-6">
          <Card className="p-5">
            <h2 className="mb-3 font-semibold">Información</h2>
            <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-1">
              <Info term="Periodo" value={campaignPeriod(data)} />
              <Info term="Modo de selección" value={SELECTION_MODE_LABELS[data.attemptSelectionMode]} />
              <Info term="Trivias" value={links.data ? String(links.data.length) : '–'} testId="campaign-trivia-count" />
            </dl>
          </Card>
          <Card className="p-5">
            <h2 className="mb-4 font-semibold">Filtros</h2>
            <CampaignRankingFilterControls companyId={data.companyId} state={filterState} />
          </Card>
          <PodiumCard state={ranking} entries={campaignPodiumEntries(entries)} />
        </div>
        <section aria-label="Resultados" aria-busy={ranking.isFetching} className="min-w-0">
          <Tabs
            onChange={(index) => setOpened((tabs) => new Set(tabs).add(index))}
            items={[
              {
                label: 'Ranking General',
                content: (
                  <RankingResults query={ranking} empty={entries.length === 0}>
                    <CampaignRankingList
                      key={JSON.stringify(filterState.filters)}
                      entries={entries}
                      rowAction={
                        rowActions ? (entry) => <RankingRowActions player={entry} companyId={data.companyId} onDisqualify={() => setDisqualifying(entry)} /> : undefined
                      }
                    />
                    <LoadMore {...more} />
                  </RankingResults>
                ),
              },
              ...(links.data ?? []).map((link, index) => ({
                label: (
                  <span className="block max-w-[16rem] truncate" title={`${index + 1}. ${link.questionGroup.name}`}>
                    {index + 1}. {link.questionGroup.name}
                  </span>
                ),
                content: <TriviaScores campaignId={id} link={link} filters={filterState.filters} opened={opened.has(index + 1)} />,
              })),
            ]}
          />
        </section>
      </div>
      <CampaignDisqualifyDialog key={disqualifying?.playerId ?? 'none'} campaignId={id} entry={disqualifying} onClose={() => setDisqualifying(null)} />
      <EventTimeZone companyId={data.companyId}>
        {moderates && <CampaignDisqualifications campaignId={id} />}
        {can('draws.run', data.companyId) && <PrizeDraws subject={{ kind: 'campaign', id }} companyId={data.companyId} />}
      </EventTimeZone>
    </div>
  );
}

function Info({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{term}</dt>
      <dd className="mt-0.5 font-medium break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
