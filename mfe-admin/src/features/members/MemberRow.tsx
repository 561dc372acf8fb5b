/** One member: name, role, address, registration day, and what an admin may do with them. */
import { clubWallClock } from '@platzbuchung/domain/club-time';
import { formatDateDe } from '@platzbuchung/domain/dates';
import { roleNames } from '@platzbuchung/domain/events/describe';
import { memberTexts } from '@platzbuchung/domain/members/texts';
import type { Member } from '../../shared/members-api';
import { fullName } from '../../shared/names';
import type { MemberAction } from './members-machine';

interface MemberRowProps {
  member: Member;
  isSelf: boolean;
  /** The club's zone: the registration day is the club's. */
  timeZone: string;
  busy: boolean;
  onAsk: (action: MemberAction) => void;
}

export function MemberRow({ member, isSelf, timeZone, busy, onAsk }: MemberRowProps) {
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
              {button('Löschen', { kind: 'erase' })}
            </>
          )}
        </div>
      )}
    </li>
  );
}
