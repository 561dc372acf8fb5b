/** The record of what was changed in the club's settings and roles, by whom and when. */
import { useMemo } from 'react';
import { formatInstantDe } from '@platzbuchung/domain/club-time';
import { LoadState } from '@platzbuchung/ui/components/load-state';
import type { Resource } from '@platzbuchung/ui/data/use-resource';
import { fetchChanges, type ClubChange } from './api';
import { fetchMembers, type Member } from '../../shared/members-api';
import { byId, fullName } from '../../shared/names';
import { describeChange } from './changes';

export async function loadChanges(clubId: string, signal: AbortSignal) {
  const [changes, members] = await Promise.all([fetchChanges(clubId, signal), fetchMembers(clubId, signal)]);
  return { changes, members };
}

export function ClubChanges({
  changes,
  timeZone,
}: {
  changes: Resource<Awaited<ReturnType<typeof loadChanges>>, string>;
  timeZone: string;
}) {
  return (
    <LoadState
      loading={changes.loading}
      loadingText="Änderungen werden geladen …"
      failed={changes.failed}
      error={changes.error}
      onRetry={changes.retry}
    >
      {changes.data && (
        <ChangeList changes={changes.data.changes} members={changes.data.members} timeZone={timeZone} />
      )}
    </LoadState>
  );
}

function ChangeList({
  changes,
  members,
  timeZone,
}: {
  changes: ClubChange[];
  members: Member[];
  timeZone: string;
}) {
  const names = useMemo(() => byId(members), [members]);
  if (changes.length === 0)
    return <p className="admin-empty">Noch keine Änderungen an Einstellungen oder Rollen.</p>;
  return (
    <ol className="change-list">
      {changes.map((change) => {
        const view = describeChange(change, names);
        return (
          <li key={change.position} className="change">
            <p className="change__title">{view.title}</p>
            <ul className="change__lines">
              {view.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="log-entry__meta">
              {fullName(change.actor)} ·{' '}
              <time dateTime={change.occurred_at}>{formatInstantDe(timeZone, change.occurred_at)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
