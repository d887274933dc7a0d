import { useDocumentThemePreference } from '../../lib/theme-preference';
import { Trophy } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { Tabs } from '../../components/ui/tabs';
import { ApiError, errorText } from '../../lib/api';
import { ScreenLink } from '../../shared/big-screen/screen-link';
import { LoadMore } from '../../shared/ranking/load-more';
import { Podium } from '../../shared/ranking/podium';
import '../../shared/ranking/ranking.css';
import { usePublicCampaign } from './api/get-public-campaign';
import { useCampaignRanking } from './api/get-campaign-ranking';
import { parseCampaignId } from './campaign-id';
import { publicFailureText } from './public-failure-text';
import { campaignPeriod } from './campaign-period';
import { CampaignRankingFilterControls, useCampaignRankingFilters } from './components/campaign-ranking-filters';
import { campaignPodiumEntries, CampaignRankingList } from './components/campaign-ranking-list';

const NOT_FOUND = { title: 'Campaña no encontrada', message: 'La campaña solicitada no existe o no está disponible públicamente.' };
const EMPTY = 'No hay datos de ranking disponibles para los filtros seleccionados.';

/** /public/campaigns/:campaignId/ranking: the campaign ranking for anyone, without admin chrome. */
export function PublicCampaignRankingPage() {
  useDocumentThemePreference();
  const id = parseCampaignId(useParams().campaignId);
  return (
    <main className="mx-auto min-h-dvh max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      {id === null ? <ErrorState {...NOT_FOUND} /> : <PublicCampaignRanking id={id} />}
    </main>
  );
}

function PublicCampaignRanking({ id }: { id: number }) {
  const campaign = usePublicCampaign(id);
  const filterState = useCampaignRankingFilters('from-to');
  const { query: ranking, entries, more } = useCampaignRanking({ campaignId: id, audience: 'public' }, filterState.filters);

  if (campaign.isError) {
    const missing = campaign.error instanceof ApiError && campaign.error.status === 404;
    return missing ? <ErrorState {...NOT_FOUND} /> : <ErrorState title="Error" message={errorText(campaign.error)} />;
  }
  if (campaign.isPending) return <LoadingState label="Cargando campaña..." />;

  const body = ranking.isPending ? (
    <LoadingState label="Cargando ranking..." />
  ) : ranking.isError ? (
    <ErrorState title={publicFailureText(ranking.error)} />
  ) : entries.length === 0 ? (
    <EmptyState title={EMPTY} />
  ) : (
    <Tabs
      items={[
        {
          label: 'Ranking General',
          content: (
            <>
              <CampaignRankingList key={JSON.stringify(filterState.filters)} entries={entries} showCorrectAnswers />
              <LoadMore {...more} />
            </>
          ),
        },
        {
          label: 'Podio',
          content: (
            <Card className="p-5 sm:p-8">
              <Podium entries={campaignPodiumEntries(entries)} />
            </Card>
          ),
        },
      ]}
    />
  );

  return (
    <div className="space-y-6">
      {/* The title takes a line of its own when the trophy and "Pantalla" leave it less than 12rem (a phone at 200 % zoom), never a letter per line. */}
      <header className="flex flex-wrap items-start gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-200">
          <Trophy className="size-7" aria-hidden />
        </span>
        <div className="min-w-0 flex-[1_1_12rem]">
          <p className="text-sm font-medium text-brand-700 dark:text-brand-200">Ranking de la campaña · {campaignPeriod(campaign.data)}</p>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{campaign.data.name}</h1>
          {campaign.data.description && <p className="mt-1 text-slate-600 dark:text-slate-400">{campaign.data.description}</p>}
        </div>
        <ScreenLink kind="campaign" id={campaign.data.id} className="ml-auto shrink-0" />
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(18rem,22rem)_1fr]">
        <Card className="h-fit p-5">
          <h2 className="mb-4 font-semibold">Filtros</h2>
          <CampaignRankingFilterControls companyId={campaign.data.companyId} state={filterState} />
        </Card>
        <section aria-label="Resultados" aria-busy={ranking.isFetching} className="min-w-0">
          {body}
        </section>
      </div>
    </div>
  );
}
