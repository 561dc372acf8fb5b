/**
 * The club decider: an admin changes courts, hours, limit or name. A change must not strand
 * bookings still to come (admin/club-settings), so the club's upcoming reservations come in as
 * context; the decision is taken under the club's lock, where no booking can slip in between.
 */
import { strandedReservations } from '../admin/club-settings';
import { adminTexts } from '../admin/texts';
import type { LocalMoment } from '../dates';
import { accept, reject, type Actor, type Decision } from '../decider';
import type { ClubSettings, ClubSettingsBody } from '../schemas';
import { applySettingsBody, withLocalRules } from './local-rules';
import { namesOfCourts, trimCourtNames } from '../courts';
import type { Reservation } from '../types';
import type { ClubEvent } from './events';

/** A club's state: it exists once registered, and its settings are what the last change left. */
export type ClubState = { status: 'none' } | { status: 'registered'; settings: ClubSettings };

export interface ChangeClubSettings {
  type: 'ChangeClubSettings';
  club_id: string;
  actor: Actor;
  /** The fields the admin sent; club-local rules left out stay as they are. */
  settings: ClubSettingsBody;
}

export interface ChangeClubSettingsContext {
  /** The club's reservations that may still take place today or later. */
  upcoming: readonly Reservation[];
}

export function evolveClub(state: ClubState, event: ClubEvent): ClubState {
  switch (event.type) {
    case 'ClubSettingsChanged': {
      // Registration writes the club's first settings, so a stream is folded from `registered`;
      // an older event's missing local rules are those the club had before it.
      if (state.status === 'none') throw new Error('A club stream starts at registration');
      return { status: 'registered', settings: withLocalRules(event.data.after, state.settings) };
    }
    default: {
      const unknown: never = event.type;
      throw new Error(`Unbekanntes Ereignis eines Vereins: ${String(unknown)}`);
    }
  }
}

export function changeClubSettings(
  command: ChangeClubSettings,
  state: ClubState,
  { upcoming }: ChangeClubSettingsContext,
  now: LocalMoment,
): Decision<ClubEvent> {
  if (state.status === 'none') return reject('not_found', adminTexts.clubNotFound);
  // A setting the request leaves out stays as it is (member approval, the club-local rules).
  const body = { ...command.settings, name: command.settings.name.trim() };
  const applied = applySettingsBody(state.settings, body);
  // Names are kept trimmed, and a court given up takes its name with it (docs/architecture/club-time.md, "Court names").
  const after = {
    ...applied,
    court_names: namesOfCourts(trimCourtNames(applied.court_names), applied.courts_count),
  };
  const stranded = strandedReservations(upcoming, after, now.date);
  if (stranded.length) {
    const lines = stranded.map(adminTexts.strandedLine).join('; ');
    return reject('conflict', `${adminTexts.settingsStrand(stranded.length)} ${lines}`);
  }
  return accept({
    type: 'ClubSettingsChanged',
    club_id: command.club_id,
    data: { before: state.settings, after },
  });
}
