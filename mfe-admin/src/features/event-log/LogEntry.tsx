/** One event of the log: what happened, to which booking, who did it and when, with its links. */
import { formatInstantDe } from '@platzbuchung/domain/club-time';
import type { CourtNameOf } from '@platzbuchung/domain/events/describe';
import { withQuery } from '@platzbuchung/ui/search-params';
import type { LogEvent } from '../../shared/events-api';
import { searchFromView, viewBefore } from '../../shared/as-of-search';
import { fullName } from '../../shared/names';
import { adminPaths } from '../../shared/paths';
import { entryView, eventDay, reservationOf, type ReservationDetails } from './log';

export function LogEntry({
  event,
  details,
  nameOf,
  courts,
  showHistoryLink,
  timeZone,
}: {
  event: LogEvent;
  details: ReservationDetails;
  nameOf: (userId: string) => string | undefined;
  /** What the club calls each court (`courtName`). */
  courts: CourtNameOf;
  showHistoryLink: boolean;
  /** The club's: times and days are read on its wall. */
  timeZone: string;
}) {
  const view = entryView(event, details, nameOf, courts);
  const reservationId = reservationOf(event);
  const before = searchFromView(viewBefore(event, eventDay(event, details, timeZone), timeZone));
  return (
    <li className={`log-entry log-entry--${event.type}`}>
      <h3 className="log-entry__title">{view.title}</h3>
      <p className="log-entry__what">{view.description}</p>
      {view.concerns && <p className="log-entry__concerns">Reservierung: {view.concerns}</p>}
      <p className="log-entry__meta">
        {fullName(event.actor)} ·{' '}
        <time dateTime={event.occurred_at}>{formatInstantDe(timeZone, event.occurred_at, true)}</time>
      </p>
      <p className="log-entry__actions">
        {showHistoryLink && reservationId && (
          <a href={withQuery(adminPaths.log, new URLSearchParams({ reservierung: reservationId }))}>
            Verlauf
          </a>
        )}
        <a href={withQuery(adminPaths.asOf, before)}>Stand davor anzeigen</a>
      </p>
    </li>
  );
}
