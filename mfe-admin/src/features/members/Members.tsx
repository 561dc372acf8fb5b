/** Mitglieder: who belongs to the club, since when, and who may administer it. */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Club, Role } from '@platzbuchung/domain/types';
import { changeRole, fetchMembers, type Member, type MessageAnswer } from '../../shared/admin-api';
import { clubWallClock } from '@platzbuchung/domain/club-time';
import { formatDateDe } from '@platzbuchung/domain/dates';
import { fullName } from '../../shared/names';
import { RowQuestion, useQuestionFocus } from '../../shared/row-question';
import { roleNames } from '@platzbuchung/domain/events/describe';
import { membersMachine, type RoleChange } from './members-machine';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';

export function Members({ club, selfId }: { club: Club; selfId: string }) {
  const [machine] = useState(() =>
    membersMachine.provide({
      actors: {
        loadMembers: fromPromise<Member[]>(({ signal }) => fetchMembers(club._id, signal)),
        changeRole: fromPromise<MessageAnswer<Member[]>, RoleChange>(({ input }) =>
          changeRole(club._id, input.memberId, input.role),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { members, pending, message, error } = snapshot.context;
  const admins = members.filter((m) => m.role === 'admin').length;

  return (
    <div className="admin-part">
      <h2>Mitglieder</h2>
      <p className="admin-part__intro">
        Administratoren verwalten den Verein und alle Reservierungen. Der Verein braucht immer mindestens
        einen.
      </p>
      <div aria-live="polite">
        {message && (
          <div className="notice notice--success" role="status">
            {message}
          </div>
        )}
      </div>
      {error && snapshot.matches('ready') && (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      )}
      {snapshot.hasTag('loading') ? (
        <p className="admin-status" role="status">
          Mitglieder werden geladen …
        </p>
      ) : snapshot.matches('loadFailed') ? (
        <FailureNotice message={error} onRetry={() => send({ type: 'members.retry' })} />
      ) : (
        <>
          <p className="members__count">
            {members.length === 1 ? '1 Mitglied' : `${members.length} Mitglieder`}, davon{' '}
            {admins === 1 ? '1 Administrator' : `${admins} Administratoren`}
          </p>
          <ul className="members">
            {members.map((member) => (
              <MemberRow
                key={member._id}
                member={member}
                isSelf={member._id === selfId}
                timeZone={club.time_zone}
                pending={pending?.memberId === member._id ? pending.role : null}
                saving={snapshot.hasTag('saving')}
                onAsk={(role) => send({ type: 'role.ask', memberId: member._id, role })}
                onConfirm={() => send({ type: 'role.confirm' })}
                onCancel={() => send({ type: 'role.cancel' })}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

interface MemberRowProps {
  /** The club's zone: the registration day is the club's. */
  timeZone: string;
  member: Member;
  isSelf: boolean;
  pending: Role | null;
  saving: boolean;
  onAsk: (role: Role) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

function MemberRow({
  member,
  isSelf,
  timeZone,
  pending,
  saving,
  onAsk,
  onConfirm,
  onCancel,
}: MemberRowProps) {
  const { confirmRef, askRef } = useQuestionFocus(pending !== null);

  const name = fullName(member);
  const target: Role = member.role === 'admin' ? 'player' : 'admin';
  const registered = formatDateDe(clubWallClock(timeZone, new Date(member.created_at)).date);

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
      {pending ? (
        <RowQuestion
          label={`Rolle von ${name} ändern`}
          confirmText="Ja, ändern"
          busy={saving}
          confirmRef={confirmRef}
          onConfirm={onConfirm}
          onCancel={onCancel}
        >
          {pending === 'admin'
            ? `${name} zum Administrator machen? ${member.first_name} kann dann den Verein verwalten.`
            : `${name} die Administratorrechte entziehen?`}
        </RowQuestion>
      ) : isSelf ? (
        <p className="member__detail member__hint">
          Ihre eigene Rolle kann ein anderer Administrator ändern.
        </p>
      ) : (
        <button
          ref={askRef}
          type="button"
          className="button member__action"
          onClick={() => onAsk(target)}
          disabled={saving}
        >
          {target === 'admin' ? 'Zum Administrator machen' : 'Zum Spieler machen'}
        </button>
      )}
    </li>
  );
}
