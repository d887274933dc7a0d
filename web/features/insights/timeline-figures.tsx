import { siteName, type ActivityHour } from '../../../contract';
import { ColumnChart } from './column-chart';
import { FigureBar } from './figure-bar';
import { timelineColumns } from './timeline-columns';

/**
 * When the booths were busy or silent: the rounds of each hour on the event's clock as a chart
 * (every site together, silent hours included), then per hour and site in a table, a bar beside
 * each figure (the figure is always written).
 */
export function TimelineFigures({ timeline, timeZone }: { timeline: ActivityHour[]; timeZone: string }) {
  const busiest = Math.max(1, ...timeline.map((hour) => hour.rounds));
  const chart = timelineColumns(timeline);
  return (
    <>
      <ColumnChart title={`Rondas por ${chart.unit} (${timeZone})`} columns={chart.columns} valueName="Rondas" testId="timeline-chart" />
      <table className="w-full text-sm" data-testid="timeline-table">
        <caption className="pb-2 text-left font-semibold">Rondas por hora y sede ({timeZone})</caption>
        <thead>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="pb-1 font-medium">Hora</th>
            <th scope="col" className="pb-1 font-medium">Sede</th>
            <th scope="col" className="w-1/2 pb-1 font-medium">Rondas</th>
          </tr>
        </thead>
        <tbody>
          {timeline.map((hour) => (
            <tr key={`${hour.hour}-${hour.locationId}`} className="border-t border-slate-200 dark:border-slate-700">
              <td className="py-2 pr-2 tabular-nums">{hour.hour.replace('T', ' ')}</td>
              <td className="py-2 pr-2 break-words">{siteName(hour.site)}</td>
              <td className="py-2">
                <FigureBar fraction={hour.rounds / busiest} figure={String(hour.rounds)} tone="count" figureWidth="w-10" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
