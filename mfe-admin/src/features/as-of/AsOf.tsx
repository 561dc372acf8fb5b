/**
 * "Stand am": a day's grid exactly as it stood at an earlier moment, folded from the events up to
 * it by the API. Opened from the event log it shows the moment just before that event.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatDateDe } from '@platzbuchung/domain/dates';
import type { HostContract } from '@platzbuchung/host/contract';
import type { Club } from '@platzbuchung/domain/types';
import { useSearchParams } from '@platzbuchung/ui/search-params';
import { clubInstant, formatInstantDe } from '@platzbuchung/domain/club-time';
import { byId } from '../../shared/names';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { searchFromView, viewFromSearch, type AsOfView } from '../../shared/as-of-search';
import { DayGridTable } from './DayGridTable';
import { adminPaths } from '../../shared/paths';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { AsOfForm } from './AsOfForm';
import { loadAsOf } from './load-as-of';

export function AsOf({ host, club }: { host: HostContract; club: Club }) {
  const [search, setSearch] = useSearchParams(host);
  // "Now" is taken when the page opens; a moment typed later is compared with the clock then.
  const [openedAt] = useState(() => new Date());
  const view = useMemo(
    () => viewFromSearch(search, openedAt, club.time_zone),
    [search, openedAt, club.time_zone],
  );
  const result = useResource(loadAsOf, { clubId: club._id, view, timeZone: club.time_zone });
  const { load } = result;
  const viewKey = searchFromView(view).toString();

  // The first view loads as the machine starts; only a different view asks again.
  const shownKey = useRef(viewKey);
  useEffect(() => {
    if (shownKey.current === viewKey) return;
    shownKey.current = viewKey;
    load({ clubId: club._id, view, timeZone: club.time_zone });
  }, [viewKey, view, club._id, club.time_zone, load]);

  const show = (next: AsOfView) => setSearch(searchFromView(next));
  const momentLabel = view.live
    ? 'aktuell'
    : formatInstantDe(club.time_zone, clubInstant(club.time_zone, view.moment).toISOString(), true);

  return (
    <div className="admin-part">
      <h2>Stand am</h2>
      <p className="admin-part__intro">
        Der Platzplan eines Tages so, wie er zu einem früheren Zeitpunkt aussah – auch mit inzwischen
        gelöschten Reservierungen.
      </p>
      {view.position !== null && (
        <div className="notice notice--info" role="status">
          <p>Stand unmittelbar vor dem gewählten Ereignis aus dem Protokoll.</p>
          <button
            type="button"
            className="button button--ghost as-of__free"
            onClick={() => show({ ...view, position: null, live: false })}
          >
            Zeitpunkt stattdessen frei wählen
          </button>
        </div>
      )}
      <AsOfForm key={viewKey} view={view} onShow={show} />

      {result.loading ? (
        <p className="admin-status" role="status">
          Platzplan wird geladen …
        </p>
      ) : result.failed ? (
        <FailureNotice message={result.error} onRetry={result.retry} />
      ) : (
        result.data && (
          <DayGridTable
            reservations={result.data.reservations}
            day={view.day}
            club={result.data.club}
            users={byId(result.data.users)}
            caption={`${formatDateDe(view.day)} – Stand: ${momentLabel}`}
          />
        )
      )}
      <p className="as-of__back">
        <a href={adminPaths.log}>Zum Ereignisprotokoll</a>
      </p>
    </div>
  );
}
