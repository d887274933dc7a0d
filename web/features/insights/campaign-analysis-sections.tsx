import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CampaignAnalysis } from '../../../contract';
import { Card } from '../../components/ui/card';
import { formatMeanScore, formatNumber } from '../../lib/format';
import { ColumnChart } from './column-chart';
import { FigureBar } from './figure-bar';
import { STACKED } from './stacked-table';
import { TimelineFigures } from './timeline-figures';

const points = (value: number) => formatNumber(Math.round(value * 10) / 10);

/** Per trivia of the campaign, in its order: its weight, its ranked players and their mean score, and a way to its questions' analysis. */
export function CampaignTriviasSection({ analysis }: { analysis: CampaignAnalysis }) {
  return (
    <Card className="p-5" role="region" aria-labelledby="campaign-trivias-heading">
      <h2 id="campaign-trivias-heading" className="mb-3 text-lg font-semibold">Trivias de la campaña</h2>
      {/* On a phone each trivia stacks: its name, its three figures under their labels, the link. */}
      <table className={STACKED.table} data-testid="campaign-trivias">
        <caption className="sr-only">Jugadores y puntaje medio de cada trivia de la campaña</caption>
        <thead className={STACKED.head}>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="pb-1 font-medium">Trivia</th>
            <th scope="col" className="pb-1 pl-3 text-right font-medium">Peso</th>
            <th scope="col" className="pb-1 pl-3 text-right font-medium">Jugadores</th>
            <th scope="col" className="pb-1 pl-3 text-right font-medium">Puntaje medio</th>
            <th scope="col" className="pb-1 pl-3 text-right font-medium"><span className="sr-only">Preguntas</span></th>
          </tr>
        </thead>
        <tbody className={STACKED.body}>
          {analysis.trivias.map((trivia) => (
            <tr key={trivia.questionGroupId} className={STACKED.rowFigures}>
              <th scope="row" className={STACKED.name}>{trivia.name}</th>
              <td className={STACKED.figure} data-label="Peso">{trivia.weight}</td>
              <td className={STACKED.figure} data-label="Jugadores">{trivia.players}</td>
              <td className={STACKED.figure} data-label="Puntaje medio">{formatMeanScore(trivia.averageScore)}</td>
              <td className={STACKED.tail}>
                <Link
                  to={`/packages/${trivia.questionGroupId}/analysis`}
                  className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-brand-700 underline-offset-2 hover:underline dark:text-brand-200"
                  aria-label={`Análisis de las preguntas de ${trivia.name}`}
                >
                  <BarChart3 className="size-4" aria-hidden />
                  Preguntas
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** A count per row, with a bar as long as its share of the largest (the figure is always written). */
function CountTable({ caption, label, rows, testId }: { caption: string; label: string; rows: { key: string; name: string; players: number }[]; testId: string }) {
  const most = Math.max(1, ...rows.map((row) => row.players));
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="pb-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
          <th scope="col" className="pb-1 pr-3 font-medium">{label}</th>
          <th scope="col" className="w-1/2 pb-1 font-medium">Jugadores</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-slate-200 dark:border-slate-700">
            <th scope="row" className="py-2 pr-3 text-left font-normal tabular-nums">{row.name}</th>
            <td className="py-2">
              <FigureBar fraction={row.players / most} figure={String(row.players)} tone="count" figureWidth="w-10" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How many players finished 1, 2, … n trivias, and how the weighted totals spread over ten bands. */
export function CampaignSpreadSection({ analysis }: { analysis: CampaignAnalysis }) {
  const total = analysis.trivias.length;
  const totalBands = analysis.totals.map((band, index) => ({ key: String(index), name: `${points(band.from)}–${points(band.to)}`, players: band.players }));
  return (
    <Card className="space-y-6 p-5" role="region" aria-labelledby="campaign-spread-heading">
      <h2 id="campaign-spread-heading" className="text-lg font-semibold">Avance y puntajes</h2>
      <CountTable
        caption="Trivias terminadas"
        label="Terminaron"
        testId="campaign-completion"
        rows={analysis.completion.map((row) => ({ key: String(row.trivias), name: `${row.trivias} de ${total}`, players: row.players }))}
      />
      <ColumnChart
        title={`Jugadores por puntaje total (máximo ${points(analysis.maxTotal)} pts)`}
        valueName="Jugadores"
        testId="campaign-totals-chart"
        columns={totalBands.map((band) => ({ label: band.name, value: band.players }))}
      />
      <CountTable
        caption={`Puntaje total (máximo ${points(analysis.maxTotal)} pts)`}
        label="Puntos"
        testId="campaign-totals"
        rows={totalBands}
      />
      <p className="text-xs text-slate-600 dark:text-slate-400">Cada franja incluye su inicio y no su final; la última incluye el máximo.</p>
    </Card>
  );
}

/** "Cuándo se jugó": the campaign's counted rounds in its period, per hour (or day) of the event's clock (all its trivias). */
export function CampaignTimelineSection({ analysis }: { analysis: CampaignAnalysis }) {
  return (
    <Card className="space-y-6 p-5" role="region" aria-labelledby="campaign-timeline-heading">
      <h2 id="campaign-timeline-heading" className="text-lg font-semibold">Cuándo se jugó</h2>
      {analysis.timeline.slots.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Todavía no hay rondas contadas en el periodo de la campaña.</p>
      ) : (
        <TimelineFigures timeline={analysis.timeline} timeZone={analysis.timeZone} />
      )}
    </Card>
  );
}
