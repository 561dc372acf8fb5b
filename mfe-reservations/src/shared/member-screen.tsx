/**
 * The frame of a reservations screen that belongs to a logged-in member's club: nothing until the
 * login is known, the club-not-found notice without the club ("today" and "past" are the club's
 * own, so there is no screen to show without it), else the screen, keyed by club and member so a
 * change of either starts it afresh.
 */
import type { ComponentType } from 'react';
import type { RemoteScreenProps } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import type { Club, SessionUser } from '@platzbuchung/domain/types';

export function MemberScreen({
  host,
  Screen,
}: RemoteScreenProps & { Screen: ComponentType<{ club: Club; user: SessionUser } & RemoteScreenProps> }) {
  const { auth, club } = host;
  if (!auth.value) return null;
  if (!club) {
    return (
      <p className="notice notice--error" role="alert">
        {texts.clubNotFound}
      </p>
    );
  }
  return <Screen key={`${club._id}:${auth._id}`} club={club} user={auth} host={host} />;
}
