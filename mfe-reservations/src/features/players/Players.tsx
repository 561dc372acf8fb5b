/** 'Registrierte Spieler': the club's members by name. */
import { useEffect, useSyncExternalStore } from 'react';
import type { RemoteScreenProps } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import type { UserListEntry } from '@platzbuchung/domain/types';
import { clubUsersCache, ensureClubUsers, withOwnName } from '../../shared/club-users';
import '../../shared/reservations.css';
import './players.css';

const byName = (a: UserListEntry, b: UserListEntry) =>
  a.last_name.localeCompare(b.last_name, 'de') || a.first_name.localeCompare(b.first_name, 'de');

export default function Players({ host }: RemoteScreenProps) {
  const clubId = host.auth.value ? host.auth.club_id : null;
  const users = useSyncExternalStore(clubUsersCache.subscribe, clubUsersCache.get);

  useEffect(() => {
    if (clubId) ensureClubUsers(clubId);
  }, [clubId]);

  if (!clubId) return null;
  const list =
    users.key === clubId && users.value && host.auth.value ? withOwnName(users.value, host.auth) : null;
  // Failures are only logged: the list then stays empty.
  const loading = list === null && (users.key !== clubId || users.status === 'loading');

  return (
    <section className="players" aria-labelledby="players-title">
      <h1 id="players-title">{texts.registeredPlayers}</h1>
      {loading ? (
        <p className="players__loading" role="status">
          {texts.loadingUsers}
        </p>
      ) : (
        <ul className="players__list">
          {[...(list ?? [])].sort(byName).map((user) => (
            <li key={user._id} className="players__item">
              {user.first_name} {user.last_name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
