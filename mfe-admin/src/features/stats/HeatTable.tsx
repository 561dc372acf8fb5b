/** The heatmap's figures as a table: what a screen reader reads, and anyone who asks to see it. */
import { formatHour } from '@platzbuchung/domain/dates';
import { bookedPercent, type HeatCell } from '@platzbuchung/domain/stats/figures';
import { statsTexts } from '@platzbuchung/domain/stats/texts';
import { hoursOf } from './Heatmap';

export function HeatTable({
  report,
  visible,
}: {
  report: { start_hour: number; end_hour: number; heatmap: HeatCell[] };
  visible: boolean;
}) {
  const cells = new Map(report.heatmap.map((cell) => [`${cell.weekday}:${cell.hour}`, cell]));
  return (
    <div className={visible ? 'stats__table-wrap' : 'visually-hidden'} id="stats-heat-table">
      <table className="stats__table">
        <caption>{statsTexts.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{statsTexts.hour}</th>
            {statsTexts.weekdayNames.map((name, index) => (
              <th key={name} scope="col" abbr={name}>
                {statsTexts.weekdays[index]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hoursOf(report).map((hour) => (
            <tr key={hour}>
              <th scope="row">{formatHour(hour)}</th>
              {statsTexts.weekdayNames.map((name, index) => {
                const cell = cells.get(`${index + 1}:${hour}`);
                return <td key={name}>{cell && cell.capacity > 0 ? `${bookedPercent(cell)} %` : '–'}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
