/** Above the grid: reload, the day (back, a calendar, forward), "Heute" and the players' list. */
import { addDays } from '@platzbuchung/domain/dates';
import { hostPaths } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import type { IsoDate } from '@platzbuchung/domain/types';
import { DateField } from '@platzbuchung/ui/components/date-field';
import { NextIcon, PlayersIcon, PreviousIcon, ReloadIcon } from '../../shared/icons';

export function GridToolbar({
  date,
  today,
  loading,
  onReload,
  onDate,
}: {
  date: IsoDate;
  today: IsoDate;
  loading: boolean;
  onReload: () => void;
  onDate: (date: IsoDate) => void;
}) {
  return (
    <div className="grid-toolbar">
      <button
        type="button"
        className="icon-button"
        onClick={onReload}
        aria-label="Neu laden"
        title="Neu laden"
        disabled={loading}
      >
        {loading ? <span className="spinner" aria-hidden="true" /> : <ReloadIcon />}
      </button>
      <div className="date-nav">
        <button
          type="button"
          className="icon-button"
          onClick={() => onDate(addDays(date, -1))}
          aria-label="Vorheriger Tag"
          title="Vorheriger Tag"
        >
          <PreviousIcon />
        </button>
        <DateField
          className="date-field"
          label="Datum"
          hideLabel
          value={date}
          today={today}
          onChange={onDate}
        />
        <button
          type="button"
          className="icon-button"
          onClick={() => onDate(addDays(date, 1))}
          aria-label="Nächster Tag"
          title="Nächster Tag"
        >
          <NextIcon />
        </button>
      </div>
      <button
        type="button"
        className="button today-button"
        onClick={() => onDate(today)}
        disabled={date === today}
      >
        {texts.today}
      </button>
      <a className="players-link" href={hostPaths.players}>
        <PlayersIcon />
        Spieler
      </a>
    </div>
  );
}
