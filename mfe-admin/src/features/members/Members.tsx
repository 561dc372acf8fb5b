/**
 * Mitglieder: who belongs to the club, who waits for approval and who is inactive; admins approve,
 * reject, deactivate, reactivate, change roles, cancel an inactive member's upcoming bookings and
 * erase an inactive member, each after a confirming popup.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Club } from '@platzbuchung/domain/types';
import { ActionNotices, LoadState } from '@platzbuchung/ui/components/load-state';
import { cancelUpcomingBookings, changeRole, changeStatus, eraseMember } from './api';
import { fetchMembers, type Member } from '../../shared/members-api';
import type { MessageAnswer } from '../../shared/admin-api';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { questionFor } from './member-actions';
import { MemberFilter, emptyText } from './MemberFilter';
import { MemberRow } from './MemberRow';
import { NoShows } from '../no-shows';
import { membersMachine, pendingCount, visibleMembers, type MemberChange } from './members-machine';

function runChange(clubId: string, { memberId, action }: MemberChange): Promise<MessageAnswer<Member[]>> {
  switch (action.kind) {
    case 'role':
      return changeRole(clubId, memberId, action.role);
    case 'status':
      return changeStatus(clubId, memberId, action.status);
    case 'cancelBookings':
      return cancelUpcomingBookings(clubId, memberId);
    case 'erase':
      return eraseMember(clubId, memberId);
  }
}

interface MembersProps {
  club: Club;
  selfId: string;
  /** The admin navigation shows how many wait for approval. */
  onPendingCount?: (count: number) => void;
}

export function Members({ club, selfId, onPendingCount }: MembersProps) {
  const [machine] = useState(() =>
    membersMachine.provide({
      actors: {
        loadMembers: fromPromise<Member[]>(({ signal }) => fetchMembers(club._id, signal)),
        changeMember: fromPromise<MessageAnswer<Member[]>, MemberChange>(({ input }) =>
          runChange(club._id, input),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { members, pending, message, error, filter, query, sort } = snapshot.context;
  const waiting = pendingCount(members);
  const loaded = snapshot.matches('ready') || snapshot.hasTag('confirming');

  useEffect(() => {
    if (loaded) onPendingCount?.(waiting);
  }, [loaded, waiting, onPendingCount]);

  const asked = pending ? members.find((m) => m._id === pending.memberId) : undefined;
  const question = asked && pending ? questionFor(asked, pending.action) : null;
  const shown = visibleMembers(snapshot.context);

  return (
    <div className="admin-part">
      <h2>Mitglieder</h2>
      <p className="admin-part__intro">
        Nur aktive Mitglieder sehen den Platzplan und buchen. Administratoren verwalten den Verein; er braucht
        immer mindestens einen aktiven.
      </p>
      <ActionNotices message={message} error={snapshot.matches('ready') ? error : null} />
      <LoadState
        loading={snapshot.hasTag('loading')}
        loadingText="Mitglieder werden geladen …"
        failed={snapshot.matches('loadFailed')}
        error={error}
        onRetry={() => send({ type: 'members.retry' })}
      >
        <MemberFilter
          members={members}
          filter={filter}
          query={query}
          sort={sort}
          clubId={club._id}
          timeZone={club.time_zone}
          onSelect={(status) => send({ type: 'filter.select', status })}
          onSearch={(text) => send({ type: 'search.change', query: text })}
          onSort={(order) => send({ type: 'sort.select', sort: order })}
        />
        <p className="visually-hidden" role="status">
          {shown.length === 1 ? '1 Mitglied angezeigt' : `${shown.length} Mitglieder angezeigt`}
        </p>
        {shown.length === 0 ? (
          <p className="admin-empty">{emptyText(filter, query)}</p>
        ) : (
          <ul className="members" aria-label="Mitglieder">
            {shown.map((member) => (
              <MemberRow
                key={member._id}
                member={member}
                isSelf={member._id === selfId}
                showStatus={filter === 'all'}
                timeZone={club.time_zone}
                busy={snapshot.hasTag('confirming')}
                onAsk={(action) => send({ type: 'change.ask', memberId: member._id, action })}
              />
            ))}
          </ul>
        )}
      </LoadState>
      <NoShows clubId={club._id} />
      <ConfirmDialog
        open={question !== null}
        title={question?.title ?? ''}
        confirmText={question?.confirmText ?? ''}
        destructive={question?.destructive ?? false}
        busy={snapshot.hasTag('saving')}
        onConfirm={() => send({ type: 'change.confirm' })}
        onCancel={() => send({ type: 'change.cancel' })}
      >
        {question?.question}
      </ConfirmDialog>
    </div>
  );
}
