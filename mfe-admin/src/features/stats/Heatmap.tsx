/**
 * Weekday × hour as a grid of cells: the share booked as the cell's lightness (one hue, so it reads
 * the same in greyscale) and as its number. Screen readers get the table instead (./HeatTable).
 */
import type { CSSProperties } from 'react';
import { formatHour } from '@platzbuchung/domain/dates';
import { bookedPercent, type HeatCell } from '@platzbuchung/domain/stats/figures';
import { statsTexts } from '@platzbuchung/domain/stats/texts';

/**
 * 0 % is near white, 100 % dark: lightness alone carries the figure. The scale steps over the middle
 * lightnesses (43 % to 34 %), where neither dark nor white text would stand out enough from the cell.
 */
function cellStyle(percent: number): CSSProperties {
  const light = percent <= 50 ? 97 - (54 * percent) / 50 : 34 - (16 * (percent - 50)) / 50;
  return {
    backgroundColor: `hsl(150 45% ${light}%)`,
    color: percent <= 50 ? 'var(--color-text)' : '#fff',
  };
}

const LEGEND_STEPS = [0, 25, 50, 75, 100];

export function hoursOf(report: { start_hour: number; end_hour: number; heatmap: HeatCell[] }): number[] {
  const hours = new Set(report.heatmap.map((cell) => cell.hour));
  for (let hour = report.start_hour; hour < report.end_hour; hour++) hours.add(hour);
  return [...hours].sort((a, b) => a - b);
}

export function Heatmap({
  report,
}: {
  report: { start_hour: number; end_hour: number; heatmap: HeatCell[] };
}) {
  const cells = new Map(report.heatmap.map((cell) => [`${cell.weekday}:${cell.hour}`, cell]));
  return (
    <figure className="heatmap" aria-hidden="true">
      <div className="heatmap__grid">
        <span />
        {statsTexts.weekdays.map((day) => (
          <span key={day} className="heatmap__head">
            {day}
          </span>
        ))}
        {hoursOf(report).map((hour) => (
          <HourRow key={hour} hour={hour} cells={cells} />
        ))}
      </div>
      <figcaption className="heatmap__legend">
        <span className="heatmap__legend-title">{statsTexts.heatmapLegend}</span>
        <span className="heatmap__steps">
          {LEGEND_STEPS.map((percent) => (
            <span key={percent} className="heatmap__step" style={cellStyle(percent)}>
              {statsTexts.legendStep(percent)}
            </span>
          ))}
        </span>
      </figcaption>
    </figure>
  );
}

function HourRow({ hour, cells }: { hour: number; cells: Map<string, HeatCell> }) {
  return (
    <>
      <span className="heatmap__hour">{formatHour(hour)}</span>
      {statsTexts.weekdays.map((day, index) => {
        const cell = cells.get(`${index + 1}:${hour}`);
        if (!cell || cell.capacity === 0)
          return <span key={day} className="heatmap__cell heatmap__cell--closed" />;
        const percent = bookedPercent(cell);
        return (
          <span
            key={day}
            className="heatmap__cell"
            style={cellStyle(percent)}
            title={statsTexts.heatmapCell(
              statsTexts.weekdayNames[index]!,
              formatHour(hour),
              percent,
              cell.booked,
              cell.capacity,
            )}
          >
            {statsTexts.cellPercent(percent)}
          </span>
        );
      })}
    </>
  );
}
