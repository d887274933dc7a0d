import { kioskActivityName, siteName, type ActivityFigures, type TriviaActivity } from '../../../contract';
import { Card } from '../../components/ui/card';
import { formatMeanScore } from '../../lib/format';
import { STACKED } from './stacked-table';
import { TimelineFigures } from './timeline-figures';


function FiguresTable({ caption, rows }: { caption: string; rows: { key: string; name: string; figures: ActivityFigures }[] }) {
  return (
    <table className={STACKED.table}>
      <caption className="pb-2 text-left font-semibold max-sm:block">{caption}</caption>
      <thead className={STACKED.head}>
        <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
          <th scope="col" className="pb-1 font-medium">Nombre</th>
          <th scope="col" className="pb-1 pl-3 text-right font-medium">Jugadores</th>
          <th scope="col" className="pb-1 pl-3 text-right font-medium">Rondas</th>
          <th scope="col" className="pb-1 pl-3 text-right font-medium">Puntaje promedio</th>
          <th scope="col" className="pb-1 pl-3 text-right font-medium">Puntaje mediano</th>
        </tr>
      </thead>
      <tbody className={STACKED.body}>
        {rows.map(({ key, name, figures }) => (
          <tr key={key} className={STACKED.rowFigures}>
            <th scope="row" className={STACKED.name}>{name}</th>
            <td className={STACKED.figure} data-label="Jugadores">{figures.players}</td>
            <td className={STACKED.figure} data-label="Rondas">{figures.rounds}</td>
            <td className={STACKED.figure} data-label="Puntaje promedio">{formatMeanScore(figures.averageScore)}</td>
            <td className={STACKED.figure} data-label="Puntaje mediano">{formatMeanScore(figures.medianScore)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * "Sedes y kioscos": each site's and kiosk's players, rounds and scores, then the rounds of each
 * hour on the event's clock (TimelineFigures).
 */
export function ActivitySection({ activity }: { activity: TriviaActivity }) {
  return (
    <Card className="space-y-6 p-5" role="region" aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-semibold">Sedes y kioscos</h2>
      <FiguresTable caption="Por sede" rows={activity.sites.map((site) => ({ key: String(site.locationId), name: siteName(site.name), figures: site }))} />
      {activity.kiosks.some((kiosk) => kiosk.deviceId !== null) && (
        <FiguresTable caption="Por kiosco" rows={activity.kiosks.map((kiosk) => ({ key: kiosk.deviceId ?? 'elsewhere', name: kioskActivityName(kiosk), figures: kiosk }))} />
      )}
      <TimelineFigures timeline={activity.timeline} timeZone={activity.timeZone} />
    </Card>
  );
}
