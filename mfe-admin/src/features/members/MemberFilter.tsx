/** How many members the club has, and the switch between waiting, active and inactive ones. */
import { memberTexts } from '@platzbuchung/domain/members/texts';
import type { MemberStatus } from '@platzbuchung/domain/types';
import type { Member } from '../../shared/members-api';

/** Offen first: that is where the admin has something to do. */
const FILTER_ORDER: readonly MemberStatus[] = ['pending', 'active', 'inactive'];

export function MemberFilter({
  members,
  filter,
  onSelect,
}: {
  members: readonly Member[];
  filter: MemberStatus;
  onSelect: (status: MemberStatus) => void;
}) {
  const admins = members.filter((m) => m.role === 'admin' && m.status === 'active').length;
  return (
    <>
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
              onClick={() => onSelect(status)}
            >
              {memberTexts.statusNames[status]} <span className="member-filter__count">({count})</span>
            </button>
          );
        })}
      </div>
    </>
  );
}

export function emptyText(filter: MemberStatus): string {
  if (filter === 'pending') return 'Niemand wartet auf Freigabe.';
  if (filter === 'inactive') return 'Keine inaktiven Mitglieder.';
  return 'Keine aktiven Mitglieder.';
}
