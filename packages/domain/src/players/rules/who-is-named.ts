/**
 * Who may be named, and how many (docs/who-plays.md): the shape of the list before any other
 * booking is looked at. Distinct active members, never the booker; guests only where the club
 * allows them, with a name as it will be stored; nobody where the club names nobody; with
 * `required`, a player names 1 or 3.
 */
import type { BookingRule } from '../../booking-rules/rule';
import { fullName } from '../../names';
import { isGuestName } from '../../shapes';
import { memberIds, type PlayContext } from '../who-plays';
import * as playerTexts from '../texts';

export const whoIsNamed: BookingRule<{ play: PlayContext }> = {
  name: 'who-is-named',
  about: 'people',
  check: ({ players, actor, booker }, { play }) => {
    const admin = actor.role === 'admin';
    if (players.length > 3) return { kind: 'invalid', message: playerTexts.tooManyPlayers };
    if (play.rules.co_players === 'off' && players.length > 0) {
      return { kind: 'forbidden', message: playerTexts.coPlayersOff };
    }
    if (!play.rules.guests && players.some((p) => 'guest_id' in p)) {
      return { kind: 'forbidden', message: playerTexts.guestsNotAllowed };
    }
    // Judged as stored, so the guests table's own check is never the first to say no.
    if (players.some((p) => 'guest_name' in p && !isGuestName(p.guest_name))) {
      return { kind: 'invalid', message: playerTexts.guestNameInvalid };
    }
    const seen = new Set<string>();
    for (const id of memberIds(players)) {
      if (id === booker) return { kind: 'invalid', message: playerTexts.bookerNamed };
      const member = play.members.get(id);
      if (member?.status !== 'active') return { kind: 'invalid', message: playerTexts.notActiveMember };
      if (seen.has(id)) return { kind: 'invalid', message: playerTexts.namedTwice(fullName(member)) };
      seen.add(id);
    }
    if (!admin && play.rules.co_players === 'required' && players.length !== 1 && players.length !== 3) {
      return {
        kind: 'forbidden',
        message: players.length === 0 ? playerTexts.coPlayersRequired : playerTexts.singlesOrDoubles,
      };
    }
    return null;
  },
};
