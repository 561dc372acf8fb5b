/**
 * Mitglieder: who belongs to the club, who waits for approval and who is inactive; admins approve,
 * reject, deactivate, reactivate, change roles and cancel an inactive member's upcoming bookings,
 * each after a confirming popup.
 */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { clubWallClock } from '@platzbuchung/domain/club-time';
import { formatDateDe } from '@platzbuchung/domain/dates';
import { roleNames } from '@platzbuchung/domain/events/describe';
import { memberTexts } from '@platzbuchung/domain/members/texts';
import type { Club, MemberStatus } from '@platzbuchung/domain/types';
import { ActionNotices, LoadState } from '@platzbuchung/ui/components/load-state';
import {
  cancelUpcomingBookings,
  changeRole,
  changeStatus,
  fetchMembers,
  type Member,
  type MessageAnswer,
} from '../../shared/admin-api';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { fullName } from '../../shared/names';
import { questionFor } from './member-actions';
import {
  membersMachine,
  pendingCount,
  visibleMembers,
  type MemberAction,
  type MemberChange,
} from './members-machine';

/** Offen first: that is where the admin has something to do. */
const FILTER_ORDER: readonly MemberStatus[] = ['pending', 'active', 'inactive'];

function runChange(clubId: string, { memberId, action }: MemberChange): Promise<MessageAnswer<Member[]>> {
  switch (action.kind) {
    case 'role':
      return changeRole(clubId, memberId, action.role);
    case 'status':
      return changeStatus(clubId, memberId, action.status);
    case 'cancelBookings':
      return cancelUpcomingBookings(clubId, memberId);
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
  const { members, pending, message, error, filter } = snapshot.context;
  const waiting = pendingCount(members);
  const loaded = snapshot.matches('ready') || snapshot.hasTag('confirming');

  useEffect(() => {
    if (loaded) onPendingCount?.(waiting);
  }, [loaded, waiting, onPendingCount]);

  const asked = pending ? members.find((m) => m._id === pending.memberId) : undefined;
  const question = asked && pending ? questionFor(asked, pending.action) : null;
  const shown = visibleMembers(snapshot.context);
  const admins = members.filter((m) => m.role === 'admin' && m.status === 'active').length;

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
        <p className="members__count">
          {members.length === 1 ? '1 Mitglied' : `${members.length} Mitglieder`}, davon{' '}
          {admins === 1 ? '1 aktiver Administrator' : `${admins} aktive Administratoren`}
        </p>
        <div className="member-filter" role="group" aria-label="Mitglieder nach Status">
          {FILTER_ORDER.map((status) => {
            const count = members.filter((m) => m.status === status).length;
            return (
              <button
                key={status}
                type="button"
                className="member-filter__button"
                aria-pressed={filter === status}
                onClick={() => send({ type: 'filter.select', status })}
              >
                {memberTexts.statusNames[status]} <span className="member-filter__count">({count})</span>
              </button>
            );
          })}
        </div>
        {shown.length === 0 ? (
          <p className="admin-empty">{emptyText(filter)}</p>
        ) : (
          <ul className="members">
            {shown.map((member) => (
              <MemberRow
                key={member._id}
                member={member}
                isSelf={member._id === selfId}
                timeZone={club.time_zone}
                busy={snapshot.hasTag('confirming')}
                onAsk={(action) => send({ type: 'change.ask', memberId: member._id, action })}
              />
            ))}
          </ul>
        )}
      </LoadState>
      <ConfirmDialog
        open={question !== null}
        title={question?.title ?? ''}
        confirmText={question?.confirmText ?? ''}
        busy={snapshot.hasTag('saving')}
        onConfirm={() => send({ type: 'change.confirm' })}
        onCancel={() => send({ type: 'change.cancel' })}
      >
        {question?.question}
      </ConfirmDialog>
    </div>
  );
}

function emptyText(filter: MemberStatus): string {
  if (filter === 'pending') return 'Niemand wartet auf Freigabe.';
  if (filter === 'inactive') return 'Keine inaktiven Mitglieder.';
  return 'Keine aktiven Mitglieder.';
}

interface MemberRowProps {
  member: Member;
  isSelf: boolean;
  /** The club's zone: the registration day is the club's. */
  timeZone: string;
  busy: boolean;
  onAsk: (action: MemberAction) => void;
}

function MemberRow({ member, isSelf, timeZone, busy, onAsk }: MemberRowProps) {
  const name = fullName(member);
  const registered = formatDateDe(clubWallClock(timeZone, new Date(member.created_at)).date);
  const button = (label: string, action: MemberAction, primary = false) => (
    <button
      type="button"
      className={`button member__action${primary ? ' button--primary' : ''}`}
      onClick={() => onAsk(action)}
      disabled={busy}
      aria-label={`${label}: ${name}`}
    >
      {label}
    </button>
  );

  return (
    <li className="member">
      <div className="member__head">
        <p className="member__name">
          {name}
          {isSelf && <span className="member__self"> (Sie)</span>}
        </p>
        <span className={`badge badge--${member.role}`}>{roleNames[member.role]}</span>
      </div>
      <p className="member__detail">{member.email}</p>
      <p className="member__detail">Registriert am {registered}</p>
      {member.upcoming_bookings > 0 && (
        <p className="member__detail">{memberTexts.upcomingBookings(member.upcoming_bookings)}</p>
      )}
      {isSelf ? (
        <p className="member__detail member__hint">
          Ihre eigene Rolle und Mitgliedschaft kann ein anderer Administrator ändern.
        </p>
      ) : (
        <div className="member__buttons">
          {member.status === 'pending' && (
            <>
              {button('Freigeben', { kind: 'status', status: 'active' }, true)}
              {button('Ablehnen', { kind: 'status', status: 'inactive' })}
            </>
          )}
          {member.status === 'active' && (
            <>
              {member.role === 'admin'
                ? button('Zum Spieler machen', { kind: 'role', role: 'player' })
                : button('Zum Administrator machen', { kind: 'role', role: 'admin' })}
              {button('Deaktivieren', { kind: 'status', status: 'inactive' })}
            </>
          )}
          {member.status === 'inactive' && (
            <>
              {button('Wieder aktivieren', { kind: 'status', status: 'active' })}
              {member.upcoming_bookings > 0 && button('Reservierungen löschen', { kind: 'cancelBookings' })}
            </>
          )}
        </div>
      )}
    </li>
  );
}
