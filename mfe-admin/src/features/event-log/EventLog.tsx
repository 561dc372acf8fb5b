/** Ereignisprotokoll: every event of the club (bookings, settings, roles), newest first, in German. */
import { useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { HostContract } from '@platzbuchung/host/contract';
import { courtName } from '@platzbuchung/domain/courts';
import type { Club } from '@platzbuchung/domain/types';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { useSearchParams } from '@platzbuchung/ui/search-params';
import { ERASED_MEMBER } from '@platzbuchung/domain/names';
import { fetchMembers } from '../../shared/members-api';
import { byId, fullName } from '../../shared/names';
import { eventLogMachine } from './event-log-machine';
import { filterFromSearch, searchFromFilter, type LogFilter } from './log';
import { logLoaders } from './log-loaders';
import { LogEntry } from './LogEntry';
import { LogFilters } from './LogFilters';
import { LogHeading, LogToolbar } from './LogHeader';

export function EventLog({ host, club }: { host: HostContract; club: Club }) {
  const [search, setSearch] = useSearchParams(host);
  const filter = useMemo(() => filterFromSearch(search), [search]);
  const [machine] = useState(() => eventLogMachine.provide({ actors: logLoaders(club._id, club.time_zone) }));
  const [snapshot, send] = useMachine(machine, { input: { filter } });
  // Every member of any status: once they are loaded, an id not among them is an erased member's.
  const users = useResource((clubId: string, signal) => fetchMembers(clubId, signal), club._id);
  const names = useMemo(() => byId(users.data ?? []), [users.data]);
  const courts = (court: string) => courtName(club, court);
  const nameOf = (userId: string) =>
    names.has(userId) ? fullName(names.get(userId)) : users.data ? ERASED_MEMBER : undefined;

  useEffect(() => {
    send({ type: 'log.filter', filter });
  }, [filter, send]);

  const { entries, next, details, error, added } = snapshot.context;
  const applyFilter = (next: LogFilter) => setSearch(searchFromFilter(next));
  const historyOf = filter.reservationId;

  return (
    <div className="admin-part">
      <LogHeading filter={filter} clubId={club._id} />

      {!historyOf && (
        <LogFilters key={search.toString()} filter={filter} users={users.data ?? []} onApply={applyFilter} />
      )}

      <LogToolbar
        added={added}
        refreshing={snapshot.hasTag('refreshing')}
        disabled={snapshot.hasTag('busy') || snapshot.hasTag('loading')}
        onRefresh={() => send({ type: 'log.refresh' })}
      />

      {error && snapshot.matches('ready') && (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      )}

      {/* Entries wait for the members, so that no co-player shows as a bare id first. */}
      {snapshot.hasTag('loading') || users.loading ? (
        <p className="admin-status" role="status">
          Ereignisse werden geladen …
        </p>
      ) : snapshot.matches('loadFailed') ? (
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
              courts={courts}
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

function emptyText(filter: LogFilter): string {
  const filtered = Object.values(filter).some(Boolean);
  return filtered
    ? 'Für diese Filter gibt es keine Ereignisse.'
    : 'Noch keine Ereignisse. Sobald Mitglieder Plätze reservieren oder Reservierungen stornieren, erscheinen sie hier.';
}
