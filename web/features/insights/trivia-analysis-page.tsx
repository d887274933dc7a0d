import { useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { Link } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { DownloadMenu } from '../../components/ui/download-menu';
import { PageHeader } from '../../components/ui/page-header';
import { useTriviaAnalysis } from '../../shared/insights/api/get-trivia-analysis';
import { useQuestionGroup } from '../../shared/questions/api/get-question-group';
import { DateRangeFilter, rangeDays } from '../../shared/ranking/date-range-filter';
import { SiteFilter } from '../../shared/ranking/site-filter';
import { useHeldTrivias } from '../../shared/moderation/api/get-held-trivias';
import { ResultsLink } from '../../shared/moderation/results-link';
import { ActivitySection } from './activity-section';
import { BackLink, CannotOpen, FiguresStates } from './insight-page-parts';
import { KioskFilter } from './kiosk-filter';
import { useDownloadAnalysis, useTriviaActivity } from './api';
import { QuestionAnalysisCard } from './question-analysis-card';
import { RoleRefusal } from '../../shared/auth/role-refusal';
import { useCan } from '../../shared/auth/use-can';
import { isMissing, MissingObject } from '../../shared/missing/missing-object';
import { LoadingState } from '../../components/ui/states';

/**
 * /packages/:groupId/analysis ("Análisis"): per question of a trivia, how often it was shown and
 * answered right, how well it separates strong from weak players, each answer's share and the
 * median time to answer, with its flags; by site, kiosk and days. Counted results only, as the rankings.
 * For the roles with "analysis.view" in the trivia's company; a trivia beyond reach is missing.
 */
export function TriviaAnalysisPage({ params }: { params: Record<string, string | undefined> }) {
  const groupId = Number(params.groupId);
  const validId = Number.isInteger(groupId) && groupId > 0;
  const group = useQuestionGroup(groupId, validId);
  const { can, reaches } = useCan();
  // The trivia's own read is public (the player screen's): its company says whether this user may go on.
  const companyId = group.data?.companyId;
  const allowed = validId && can('analysis.view', companyId);
  const [locationId, setLocationId] = useState<number | undefined>();
  const [deviceId, setDeviceId] = useState<string | undefined>();
  const [range, setRange] = useState<DateRange | undefined>();
  const filters = { locationId, deviceId, ...rangeDays(range) };
  const analysis = useTriviaAnalysis(groupId, filters, allowed);
  const download = useDownloadAnalysis(groupId, filters);
  // The sites' and kiosks' figures read every site and kiosk: the filters pick among them.
  const activity = useTriviaActivity(groupId, rangeDays(range), allowed);
  const held = useHeldTrivias(allowed);

  if ((validId && group.isError && isMissing(group.error)) || (companyId !== undefined && !reaches(companyId))) {
    return <MissingObject kind="trivia" id={groupId} back={{ to: '/packages', label: 'Ir a las trivias' }} heading={1} />;
  }
  if (validId && group.isPending) return <LoadingState label="Cargando trivia..." />;
  if (companyId !== undefined && !allowed) return <RoleRefusal what="Análisis de la trivia" />;
  if (!validId || group.isError) {
    return (
      <CannotOpen title="No se pudo abrir el análisis" validId={validId} error={group.error}>
        <Link to="/packages" className="mt-2 text-sm font-medium text-brand-700 underline dark:text-brand-200">
          Volver a Trivias
        </Link>
      </CannotOpen>
    );
  }

  const data = analysis.data;
  return (
    <div>
      {can('content.edit', companyId) ? (
        <BackLink to={`/packages/${groupId}/questions`}>Preguntas de la trivia</BackLink>
      ) : (
        <BackLink to={`/packages?company=${companyId}`}>Trivias</BackLink>
      )}
      <PageHeader
        title={`Análisis${group.data ? `: ${group.data.name}` : ''}`}
        description="Qué preguntas enseñan, cuáles confunden y cuáles separan a quienes saben. Solo cuentan los resultados que cuentan en el ranking: los retenidos, descartados y descalificados quedan fuera."
        actions={
          <>
            <DownloadMenu label="Exportar análisis" pending={download.isPending} onPick={(format) => download.mutate(format)} />
            <ResultsLink subject={{ kind: 'trivia', id: groupId }} inReview={held.countOf(groupId)} />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(16rem,20rem)_1fr]">
        <Card className="h-fit space-y-4 p-5">
          <h2 className="font-semibold">Filtros</h2>
          <SiteFilter companyId={group.data?.companyId} value={locationId} onChange={setLocationId} />
          <KioskFilter kiosks={activity.data?.kiosks ?? []} value={deviceId} onChange={setDeviceId} />
          <DateRangeFilter value={range} onChange={setRange} />
        </Card>
        <div className="min-w-0 space-y-6">
          <section aria-label="Preguntas" aria-busy={analysis.isFetching} className="space-y-4">
            <FiguresStates
              query={analysis}
              hasData={data !== undefined}
              empty={!data || data.rounds === 0}
              emptyTitle="Todavía no hay resultados contados con estos filtros: cuando se jueguen rondas, su análisis aparecerá aquí."
            >
              {data && (
                <>
                  <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="analysis-summary">
                    <strong>{data.rounds}</strong> {data.rounds === 1 ? 'ronda contada' : 'rondas contadas'}. La discriminación compara las{' '}
                    {data.groups.upper} mejores rondas con las {data.groups.lower} peores (por puntaje).
                  </p>
                  {data.questions.map((question, index) => (
                    <QuestionAnalysisCard key={question.questionId} number={index + 1} question={question} />
                  ))}
                </>
              )}
            </FiguresStates>
          </section>
          {activity.data && activity.data.sites.length > 0 && <ActivitySection activity={activity.data} />}
        </div>
      </div>
    </div>
  );
}
