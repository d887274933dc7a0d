import { siteName, type Timeline } from '../../../contract';
import { ColumnChart } from './column-chart';
import { FigureBar } from './figure-bar';
import { STACKED } from './stacked-table';
import { timelineColumns } from './timeline-columns';

/**
 * When the booths were busy or silent: the rounds of each hour (or day) on the event's clock as a
 * chart (every site together, silent slots included), then per slot and site in a table, a bar
 * beside each figure (the figure is always written).
 */
export function TimelineFigures({ timeline, timeZone }: { timeline: Timeline; timeZone: string }) {
  const busiest = Math.max(1, ...timeline.slots.map((slot) => slot.rounds));
  const chart = timelineColumns(timeline);
  const byDay = timeline.unit === 'day';
  return (
    <>
      <ColumnChart title={`Rondas por ${chart.unit} (${timeZone})`} columns={chart.columns} valueName="Rondas" testId="timeline-chart" />
      {/* On a phone each slot stacks: its time, its site, its bar. */}
      <table className={STACKED.table} data-testid="timeline-table">
        <caption className="pb-2 text-left font-semibold max-sm:block">Rondas por {chart.unit} y sede ({timeZone})</caption>
        <thead className={STACKED.head}>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="pb-1 font-medium">{byDay ? 'Día' : 'Hora'}</th>
            <th scope="col" className="pb-1 font-medium">Sede</th>
            <th scope="col" className="w-1/2 pb-1 font-medium">Rondas</th>
          </tr>
        </thead>
        <tbody className={STACKED.body}>
          {timeline.slots.map((slot) => (
            <tr key={`${slot.start}-${slot.locationId}`} className={STACKED.rowLines}>
              <td className="py-2 pr-2 tabular-nums max-sm:p-0 max-sm:font-medium">{byDay ? slot.start.slice(0, 10) : slot.start.replace('T', ' ')}</td>
              <td className="py-2 pr-2 break-words max-sm:p-0">{siteName(slot.site)}</td>
              <td className="py-2 max-sm:p-0">
                <FigureBar fraction={slot.rounds / busiest} figure={String(slot.rounds)} tone="count" figureWidth="w-10" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
