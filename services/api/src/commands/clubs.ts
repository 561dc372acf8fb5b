/** Club commands for the generic handler (./handle): the stream is the club itself. */
import {
  changeClubSettings,
  type ChangeClubSettings,
  type ChangeClubSettingsContext,
  type ClubState,
} from '@platzbuchung/domain/clubs/change-settings';
import type { ClubEvent } from '@platzbuchung/domain/clubs/events';
import { findClubSettings } from '../accounts/users-store';
import type { CommandDefinition } from './definition';
import { upcomingReservations } from './reservations';

/**
 * A club's stream begins at registration, which writes the `clubs` row (registration is not an
 * event yet); the row, kept by the club projection, is therefore the stream's state.
 */
export const changeClubSettingsCommand: CommandDefinition<
  ChangeClubSettings,
  ClubState,
  ChangeClubSettingsContext,
  ClubEvent
> = {
  streamType: 'club',
  streamId: (command) => command.club_id,
  loadState: async (trx, _streamId, club) => {
    const settings = await findClubSettings(trx, club._id);
    return { state: settings ? { status: 'registered', settings } : { status: 'none' } };
  },
  loadContext: async (trx, club, _command, now) => ({
    upcoming: await upcomingReservations(trx, club._id, now.date),
  }),
  decide: changeClubSettings,
};
