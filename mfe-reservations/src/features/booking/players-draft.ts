/**
 * Who plays, as the make and change popups hold it (docs/who-plays.md): singles or doubles, and
 * a row per co-player, a member picked from the club's list or a guest by name. Pure functions, so
 * both popups' machines use them alike and tests need no browser. The API decides every rule
 * again; the popup only spares a round trip for what it can see itself.
 */
import {
  coPlayersOf,
  isGuestNameValid,
  type MatchKind,
  type PlayerInput,
  type ReservationPlayer,
} from '@platzbuchung/domain/players/players';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import { fullName } from '@platzbuchung/domain/names';
import type { PlayRules } from '@platzbuchung/domain/schemas';

export type PlayerRow =
  { kind: 'member'; user_id: string | null; name: string } | { kind: 'guest'; name: string };

export interface PlayersDraft {
  match: MatchKind;
  /** Always three rows; singles uses the first. */
  rows: PlayerRow[];
}

export type PlayersEvent =
  | { type: 'players.match'; match: MatchKind }
  | { type: 'players.kind'; index: number; kind: PlayerRow['kind'] }
  | { type: 'players.member'; index: number; member: { user_id: string; name: string } | null }
  | { type: 'players.guest'; index: number; name: string };

const emptyRow = (): PlayerRow => ({ kind: 'member', user_id: null, name: '' });

/** The draft of a new booking (nobody named), or of a booking's players as they are. */
export function playersDraftOf(players: readonly ReservationPlayer[] = []): PlayersDraft {
  const rows: PlayerRow[] = players.map((player) =>
    'guest_name' in player
      ? { kind: 'guest', name: player.guest_name }
      : { kind: 'member', user_id: player.user_id, name: fullName(player) },
  );
  while (rows.length < 3) rows.push(emptyRow());
  return { match: players.length > 1 ? 'doubles' : 'singles', rows: rows.slice(0, 3) };
}

/** The rows the chosen match shows: one for singles, three for doubles. */
export const shownRows = (draft: PlayersDraft): PlayerRow[] => draft.rows.slice(0, coPlayersOf(draft.match));

function applyPlayersEvent(draft: PlayersDraft, event: PlayersEvent): PlayersDraft {
  if (event.type === 'players.match') return { ...draft, match: event.match };
  if (!Number.isInteger(event.index) || event.index < 0 || event.index >= draft.rows.length) return draft;
  const next = (row: PlayerRow): PlayerRow => {
    switch (event.type) {
      case 'players.kind':
        return row.kind === event.kind
          ? row
          : event.kind === 'guest'
            ? { kind: 'guest', name: '' }
            : emptyRow();
      case 'players.member':
        return event.member ? { kind: 'member', ...event.member } : emptyRow();
      case 'players.guest':
        return { kind: 'guest', name: event.name };
    }
  };
  return { ...draft, rows: draft.rows.map((row, i) => (i === event.index ? next(row) : row)) };
}

const isFilled = (row: PlayerRow) => (row.kind === 'member' ? row.user_id !== null : row.name.trim() !== '');

/** The `players` of the request: the filled rows the match shows, in order. */
export function playersBody(draft: PlayersDraft): PlayerInput[] {
  return shownRows(draft)
    .filter(isFilled)
    .map((row) =>
      row.kind === 'member' ? { user_id: row.user_id as string } : { guest_name: row.name.trim() },
    );
}

/** How many guests the rows the match shows name. */
export const namedGuests = (draft: PlayersDraft): number =>
  shownRows(draft).filter((row) => row.kind === 'guest' && isFilled(row)).length;

/** What the popup can tell before sending: a missing co-player, a guest's name, guests not allowed. */
export function playersProblem(draft: PlayersDraft, play: PlayRules): string | null {
  if (play.co_players === 'off') return null;
  const rows = shownRows(draft);
  if (play.co_players === 'required' && !rows.every(isFilled))
    return playerTexts.missingCoPlayers(coPlayersOf(draft.match));
  const guests = rows.filter((row) => row.kind === 'guest' && isFilled(row));
  if (guests.length > 0 && !play.guests) return playerTexts.guestsNotAllowed;
  if (guests.some((row) => !isGuestNameValid(row.name))) return playerTexts.guestNameInvalid;
  return null;
}

/** How long a player's booking may last: a doubles as long as the club lets it, anything else an hour. */
export function playerMaxHours(draft: PlayersDraft, play: PlayRules): number {
  return play.co_players !== 'off' && draft.match === 'doubles' ? play.doubles_hours : 1;
}

/** Whether two lists name the same players in the same order. */
export const samePlayers = (a: readonly PlayerInput[], b: readonly PlayerInput[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * What a booking popup holds after a change of who plays: the players, no problem shown, and the
 * duration kept if the new match still allows it (a singles after a doubles of two hours goes back
 * to what a singles may last). `durationsOf` is the popup's own list of lengths.
 */
export function afterPlayersChange<C extends { players: PlayersDraft; duration: number }>(
  context: C,
  event: PlayersEvent,
  durationsOf: (context: C) => number[],
): { players: PlayersDraft; problem: null; duration: number } {
  const players = applyPlayersEvent(context.players, event);
  const durations = durationsOf({ ...context, players });
  return { players, problem: null, duration: durations.includes(context.duration) ? context.duration : 1 };
}
