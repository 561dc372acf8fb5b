/**
 * One member in one compact row: name with role and status, address, joining day and bookings to
 * come, and what an admin may do with them.
 */
import type { ReactNode } from 'react';
import { clubWallClock } from '@platzbuchung/domain/club-time';
import { formatDayDe } from '@platzbuchung/domain/dates';
import { roleNames } from '@platzbuchung/domain/events/describe';
import { memberTexts } from '@platzbuchung/domain/members/texts';
import type { Member } from '../../shared/members-api';
import { fullName } from '../../shared/names';
import type { MemberAction } from './members-machine';

interface MemberRowProps {
  member: Member;
  isSelf: boolean;
  /** All statuses are listed together: each row names its own. */
  showStatus: boolean;
  /** The club's zone: the registration day is the club's. */
  timeZone: string;
  busy: boolean;
  onAsk: (action: MemberAction) => void;
  /** The member's category, the button that changes it and the selection's box (member-category). */
  category: ReactNode;
}

export function MemberRow(props: MemberRowProps) {
  const { member, isSelf, showStatus, timeZone, busy, onAsk, category } = props;
  const name = fullName(member);
  const registered = formatDayDe(clubWallClock(timeZone, new Date(member.created_at)).date);
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
    <li className={`member member--${member.status}`}>
      <div className="member__head">
        <p className="member__name">
          {name}
          {isSelf && <span className="member__self"> (Sie)</span>}
        </p>
        <span className={`badge badge--${member.role}`}>{roleNames[member.role]}</span>
        {showStatus && (
          <span className={`badge badge--status badge--${member.status}`}>
            {memberTexts.statusNames[member.status]}
          </span>
        )}
      </div>
      <p className="member__detail member__email" title={member.email}>
        {member.email}
      </p>
      <div className="member__detail member__since">
        <span>
          seit {registered}
          {member.upcoming_bookings > 0 && ` · ${memberTexts.upcomingBookings(member.upcoming_bookings)}`}
        </span>
        {category}
      </div>
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
              {member.upcoming_bookings > 0 &&
                button('Reservierungen stornieren', { kind: 'cancelBookings' })}
              {button('Löschen', { kind: 'erase' })}
            </>
          )}
        </div>
      )}
    </li>
  );
}
