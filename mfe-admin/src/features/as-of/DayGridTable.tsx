/** The read-only day grid: a table with courts as columns and hours as rows, scrollable on phones. */
import { courtName } from '@platzbuchung/domain/courts';
import { formatHour } from '@platzbuchung/domain/dates';
import type { Club, IsoDate, Reservation } from '@platzbuchung/domain/types';
import type { UsersById } from '../../shared/names';
import { buildDayGrid, cellKey } from './grid';

interface DayGridTableProps {
  reservations: readonly Reservation[];
  day: IsoDate;
  club: Club;
  users: UsersById;
  caption: string;
}

export function DayGridTable({ reservations, day, club, users, caption }: DayGridTableProps) {
  const grid = buildDayGrid(reservations, day, club, users);
  const taken = new Set([...grid.cells.values()].map((c) => c.reservationId)).size;
  return (
    <div className="day-grid">
      <div className="day-grid__scroll" tabIndex={0} role="region" aria-label={`Platzplan ${caption}`}>
        <table className="day-grid__table">
          <caption className="day-grid__caption">
            {caption}
            <span className="day-grid__count">
              {taken === 0
                ? 'Keine Reservierungen'
                : taken === 1
                  ? '1 Reservierung'
                  : `${taken} Reservierungen`}
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="day-grid__corner">
                <span className="visually-hidden">Uhrzeit</span>
              </th>
              {grid.courts.map((court) => (
                <th scope="col" key={court}>
                  {courtName(club, court)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.hours.map((hour) => (
              <tr key={hour}>
                <th scope="row" className="day-grid__hour">
                  {formatHour(hour)}
                </th>
                {grid.courts.map((court) => {
                  const cell = grid.cells.get(cellKey(court, hour));
                  return (
                    <td
                      key={court}
                      className={cell ? 'day-grid__cell day-grid__cell--taken' : 'day-grid__cell'}
                    >
                      {cell ? (
                        <>
                          {cell.text}
                          {cell.recurring && <span className="visually-hidden"> (wiederkehrend)</span>}
                        </>
                      ) : (
                        <span className="visually-hidden">frei</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
