/**
 * "Stand am": a day's grid exactly as it stood at an earlier moment, folded from the events up to
 * it by the API. Opened from the event log it shows the moment just before that event.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatDateDe } from '@platzbuchung/domain/dates';
import type { HostContract } from '@platzbuchung/domain/host-contract';
import type { Club, Reservation, UserListEntry } from '@platzbuchung/domain/types';
import { useSearchParams } from '@platzbuchung/ui/search-params';
import { fetchAsOf, fetchEvents, fetchUsers } from '../../shared/admin-api';
import { clubInstant, formatInstantDe } from '@platzbuchung/domain/club-time';
import { byId } from '../../shared/names';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { LATEST, cutOf, searchFromView, viewFromSearch, type AsOfView } from '../../shared/as-of-search';
import { DayGridTable } from './DayGridTable';
import { adminPaths } from '../../shared/paths';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { DateField } from '@platzbuchung/ui/components/date-field';

interface AsOfData {
  reservations: Reservation[];
  users: UserListEntry[];
  /** Courts and hours as the club had them then. */
  club: Club;
}

async function loadAsOf(
  { clubId, view, timeZone }: { clubId: string; view: AsOfView; timeZone: string },
  signal: AbortSignal,
): Promise<AsOfData> {
  const cut = cutOf(view, new Date(), timeZone);
  const [asOf, users] = await Promise.all([
    cut === LATEST
      ? fetchEvents(clubId, { limit: 1 }, signal).then((newest) =>
          fetchAsOf(clubId, { position: newest.data[0]?.position ?? 0 }, view.day, signal),
        )
      : fetchAsOf(clubId, cut, view.day, signal),
    fetchUsers(clubId, signal),
  ]);
  const { rules, ...settings } = asOf.club;
  return {
    reservations: asOf.data,
    club: { ...settings, member_approval: settings.member_approval ?? false, has_rules: rules !== '' },
    users,
  };
}

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

/** 24-hour club time, seconds optional. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

function AsOfForm({ view, onShow }: { view: AsOfView; onShow: (view: AsOfView) => void }) {
  const [day, setDay] = useState(view.day);
  const [date, setDate] = useState(view.moment.date);
  const [time, setTime] = useState(view.moment.time);
  const complete = day && date && TIME_OF_DAY.test(time);

  return (
    <form
      className="as-of__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!complete) return;
        onShow({
          day,
          moment: { date, time: time.length === 5 ? `${time}:00` : time },
          position: null,
          live: false,
        });
      }}
    >
      <fieldset className="form__fieldset">
        <legend>Zeitpunkt</legend>
        <div className="form__row">
          <DateField className="field" id="as-of-date" label="Datum" value={date} onChange={setDate} />
          <div className="field">
            <label className="field__label" htmlFor="as-of-time">
              Uhrzeit
            </label>
            <input
              id="as-of-time"
              className="field__input"
              // Text, not type=time: that shows "1:30:00 PM" in an English browser.
              type="text"
              inputMode="numeric"
              pattern="[0-2][0-9]:[0-5][0-9](:[0-5][0-9])?"
              placeholder="hh:mm:ss"
              title="Uhrzeit als hh:mm oder hh:mm:ss, z. B. 14:30"
              autoComplete="off"
              value={time}
              required
              onChange={(e) => setTime(e.target.value.trim())}
            />
          </div>
        </div>
      </fieldset>
      <DateField
        className="field"
        id="as-of-day"
        label="Platzplan für den Tag"
        value={day}
        onChange={setDay}
      />
      <button type="submit" className="button button--primary" disabled={!complete}>
        Anzeigen
      </button>
    </form>
  );
}
