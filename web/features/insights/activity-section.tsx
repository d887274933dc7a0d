import { kioskActivityName, type ActivityFigures, type TriviaActivity } from '../../../contract';
import { Card } from '../../components/ui/card';
import { formatNumber } from '../../lib/format';
import { ColumnChart } from './column-chart';
import { FigureBar } from './figure-bar';
import { timelineColumns } from './timeline-columns';

const score = (value: number | null) => (value === null ? '—' : formatNumber(Math.round(value * 10) / 10));

function FiguresTable({ caption, rows }: { caption: string; rows: { key: string; name: string; figures: ActivityFigures }[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="pb-2 text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
          <th scope="col" className="pb-1 font-medium">Nombre</th>
          <th scope="col" className="pb-1 text-right font-medium">Jugadores</th>
          <th scope="col" className="pb-1 text-right font-medium">Rondas</th>
          <th scope="col" className="pb-1 text-right font-medium">Puntaje promedio</th>
          <th scope="col" className="pb-1 text-right font-medium">Puntaje mediano</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, name, figures }) => (
          <tr key={key} className="border-t border-slate-200 tabular-nums dark:border-slate-700">
            <th scope="row" className="py-2 pr-2 text-left font-normal break-words">{name}</th>
            <td className="py-2 text-right">{figures.players}</td>
            <td className="py-2 text-right">{figures.rounds}</td>
            <td className="py-2 text-right">{score(figures.averageScore)}</td>
            <td className="py-2 text-right">{score(figures.medianScore)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * "Sedes y kioscos": each site's and kiosk's players, rounds and scores, then the rounds of each
 * hour on the event's clock: as a chart (every site together, silent hours included), then per
 * site in a table, a bar beside each figure (the figure is always written).
 */
export function ActivitySection({ activity }: { activity: TriviaActivity }) {
  const siteName = new Map(activity.sites.map((site) => [site.locationId, site.name ?? 'Sin sede']));
  const busiest = Math.max(1, ...activity.timeline.map((hour) => hour.rounds));
  const chart = timelineColumns(activity.timeline, (locationId) => siteName.get(locationId) ?? 'Sin sede');
  return (
    <Card className="space-y-6 p-5" role="region" aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-semibold">Sedes y kioscos</h2>
      <FiguresTable caption="Por sede" rows={activity.sites.map((site) => ({ key: String(site.locationId), name: site.name ?? 'Sin sede', figures: site }))} />
      {activity.kiosks.some((kiosk) => kiosk.deviceId !== null) && (
        <FiguresTable caption="Por kiosco" rows={activity.kiosks.map((kiosk) => ({ key: kiosk.deviceId ?? 'elsewhere', name: kioskActivityName(kiosk), figures: kiosk }))} />
      )}
      <ColumnChart title={`Rondas por ${chart.unit} (${activity.timeZone})`} columns={chart.columns} valueName="Rondas" testId="activity-chart" />
      <table className="w-full text-sm" data-testid="activity-timeline">
        <caption className="pb-2 text-left font-semibold">Rondas por hora y sede ({activity.timeZone})</caption>
        <thead>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="pb-1 font-medium">Hora</th>
            <th scope="col" className="pb-1 font-medium">Sede</th>
            <th scope="col" className="w-1/2 pb-1 font-medium">Rondas</th>
          </tr>
        </thead>
        <tbody>
          {activity.timeline.map((hour) => (
            <tr key={`${hour.hour}-${hour.locationId}`} className="border-t border-slate-200 dark:border-slate-700">
              <td className="py-2 pr-2 tabular-nums">{hour.hour.replace('T', ' ')}</td>
              <td className="py-2 pr-2 break-words">{siteName.get(hour.locationId) ?? 'Sin sede'}</td>
              <td className="py-2">
                <FigureBar fraction={hour.rounds / busiest} figure={String(hour.rounds)} tone="count" figureWidth="w-10" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
