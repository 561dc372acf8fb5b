/** Ereignisprotokoll: every event of the club (bookings, settings, roles), newest first, in German. */
import { useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { eventTitles } from '@platzbuchung/domain/events/describe';
import { eventTypes } from '@platzbuchung/domain/events/catalogue';
import type { HostContract } from '@platzbuchung/domain/host-contract';
import type { Club, UserListEntry } from '@platzbuchung/domain/types';
import { useSearchParams, withQuery } from '@platzbuchung/ui/search-params';
import { fetchUsers, type LogEvent } from '../../shared/admin-api';
import { formatInstantDe } from '@platzbuchung/domain/club-time';
import { byId, fullName } from '../../shared/names';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { adminPaths } from '../../shared/paths';
import { searchFromView, viewBefore } from '../../shared/as-of-search';
import { eventLogMachine } from './event-log-machine';
import {
  emptyFilter,
  entryView,
  eventDay,
  reservationOf,
  filterFromSearch,
  searchFromFilter,
  type LogFilter,
  type ReservationDetails,
} from './log';
import { logLoaders } from './log-loaders';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { DateField } from '@platzbuchung/ui/components/date-field';

export function EventLog({ host, club }: { host: HostContract; club: Club }) {
  const [search, setSearch] = useSearchParams(host);
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const [machine] = useState(() => eventLogMachine.provide({ actors: logLoaders(club._id, club.time_zone) }));
  const [snapshot, send] = useMachine(machine, { input: { filter } });
  const users = useResource((clubId: string, signal) => fetchUsers(clubId, signal), club._id);
  const names = useMemo(() => byId(users.data ?? []), [users.data]);
  const nameOf = (userId: string) => (names.has(userId) ? fullName(names.get(userId)) : undefined);

  useEffect(() => {
    send({ type: 'log.filter', filter });
  }, [filter, send]);

  const { entries, next, details, error, added } = snapshot.context;
  const applyFilter = (next: LogFilter) => setSearch(searchFromFilter(next));
  const historyOf = filter.reservationId;

  return (
    <div className="admin-part">
      <h2>{historyOf ? 'Verlauf einer Reservierung' : 'Ereignisprotokoll'}</h2>
      {historyOf ? (
        <p className="admin-part__intro">
          <a
            className="back-link"
            href={withQuery(adminPaths.log, searchFromFilter({ ...filter, reservationId: '' }))}
          >
            <span aria-hidden="true">←</span> Zurück zum ganzen Protokoll
          </a>
        </p>
      ) : (
        <p className="admin-part__intro">
          Wer hat wann welchen Platz reserviert oder eine Reservierung gelöscht, und wer hat Einstellungen
          oder Rollen geändert.
        </p>
      )}

      {!historyOf && (
        <LogFilters key={search.toString()} filter={filter} users={users.data ?? []} onApply={applyFilter} />
      )}

      <div className="log-toolbar">
        <button
          type="button"
          className="button"
          onClick={() => send({ type: 'log.refresh' })}
          disabled={snapshot.hasTag('busy') || snapshot.hasTag('loading')}
        >
          {snapshot.hasTag('refreshing') && <span className="spinner" aria-hidden="true" />}
          Neue Ereignisse anzeigen
        </button>
        <p className="log-toolbar__status" role="status">
          {added === null ? '' : added === 0 ? 'Keine neuen Ereignisse.' : addedText(added)}
        </p>
      </div>

      {error && snapshot.matches('ready') && (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      )}

      {snapshot.hasTag('loading') ? (
        <p className="admin-status" role="status">
          Ereignisse werden geladen …
        </p>
      ) : snapshot.matches('failed') ? (
        <FailureNotice message={error} onRetry={() => send({ type: 'log.retry' })} />
      ) : entries.length === 0 ? (
        <p className="admin-empty">{emptyText(filter)}</p>
      ) : (
        <ol className="log" aria-label="Ereignisse, neueste zuerst">
          {entries.map((event) => (
            <LogEntry
              key={event.position}
              event={event}
              details={details}
              nameOf={nameOf}
              showHistoryLink={!historyOf}
              timeZone={club.time_zone}
            />
          ))}
        </ol>
      )}

      {next !== null && entries.length > 0 && (
        <button
          type="button"
          className="button log__more"
          onClick={() => send({ type: 'log.more' })}
          disabled={snapshot.hasTag('busy')}
        >
          {snapshot.hasTag('loadingOlder') && <span className="spinner" aria-hidden="true" />}
          Ältere laden
        </button>
      )}
    </div>
  );
}

const addedText = (count: number) =>
  count === 1 ? '1 neues Ereignis oben eingefügt.' : `${count} neue Ereignisse oben eingefügt.`;

function emptyText(filter: LogFilter): string {
  const filtered = Object.values(filter).some(Boolean);
  return filtered
    ? 'Für diese Filter gibt es keine Ereignisse.'
    : 'Noch keine Ereignisse. Sobald Mitglieder Plätze reservieren oder Reservierungen löschen, erscheinen sie hier.';
}

function LogEntry({
  event,
  details,
  nameOf,
  showHistoryLink,
  timeZone,
}: {
  event: LogEvent;
  details: ReservationDetails;
  nameOf: (userId: string) => string | undefined;
  showHistoryLink: boolean;
  /** The club's: times and days are read on its wall. */
  timeZone: string;
}) {
  const view = entryView(event, details, nameOf);
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

function LogFilters({
  filter,
  users,
  onApply,
}: {
  filter: LogFilter;
  users: readonly UserListEntry[];
  onApply: (filter: LogFilter) => void;
}) {
  // The fields hold a draft; the log follows the address bar once 'Filtern' is pressed.
  const [draft, setDraft] = useState(filter);
  const set = (key: keyof LogFilter) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });
  const names = byId(users);
  const sorted = [...users].sort((a, b) => a.last_name.localeCompare(b.last_name, 'de'));
  const active = Object.values(filter).some(Boolean);

  return (
    <details className="log-filters" open={active}>
      <summary>Filter{active ? ' (aktiv)' : ''}</summary>
      <form
        className="log-filters__form"
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
      >
        <div className="form__row">
          <DateField
            className="field"
            id="log-from"
            label="Von (Tag)"
            placeholder="beliebig"
            value={draft.from}
            onChange={(from) => setDraft({ ...draft, from })}
            onClear={() => setDraft({ ...draft, from: '' })}
          />
          <DateField
            className="field"
            id="log-to"
            label="Bis (Tag)"
            placeholder="beliebig"
            value={draft.to}
            onChange={(to) => setDraft({ ...draft, to })}
            onClear={() => setDraft({ ...draft, to: '' })}
          />
        </div>
        <div className="form__row">
          <div className="field">
            <label className="field__label" htmlFor="log-type">
              Ereignis
            </label>
            <select
              id="log-type"
              className="field__input field__select"
              value={draft.type}
              onChange={set('type')}
            >
              <option value="">Alle Ereignisse</option>
              {eventTypes.map((type) => (
                <option key={type} value={type}>
                  {eventTitles[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="log-user">
              Mitglied
            </label>
            <select
              id="log-user"
              className="field__input field__select"
              value={draft.userId}
              onChange={set('userId')}
            >
              <option value="">Alle Mitglieder</option>
              {draft.userId && !names.has(draft.userId) && <option value={draft.userId}>Unbekannt</option>}
              {sorted.map((user) => (
                <option key={user._id} value={user._id}>
                  {user.last_name}, {user.first_name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="log-filters__actions">
          <button type="submit" className="button button--primary">
            Filtern
          </button>
          {active && (
            <button type="button" className="button button--ghost" onClick={() => onApply(emptyFilter)}>
              Filter zurücksetzen
            </button>
          )}
        </div>
      </form>
    </details>
  );
}
