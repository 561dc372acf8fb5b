/**
 * The players a booking names beside its booker (docs/who-plays.md): members by id, guests by
 * name. A guest's name travels in requests and answers only; events carry a guest id.
 */
import { fullName, holderName, type Named } from '../names';
import { isGuestName } from '../shapes';
import * as playerTexts from './texts';
import type { NamedPlayer, PlayerBody } from '../types';

/** One co-player as `POST`/`PUT /api/reservations` take it. */
export type PlayerInput = PlayerBody;

/** One co-player as a reservation's JSON names it; an erased member has both names null. */
export type ReservationPlayer = NamedPlayer;

/** At most three co-players: a doubles. */
export const MAX_CO_PLAYERS = 3;

/** Singles: one co-player; doubles: three. */
export type MatchKind = 'singles' | 'doubles';
export const coPlayersOf = (match: MatchKind): number => (match === 'singles' ? 1 : MAX_CO_PLAYERS);

export function isGuestNameValid(name: string): boolean {
  return isGuestName(name.trim());
}

export const isGuest = (player: ReservationPlayer): player is { guest_name: string } =>
  'guest_name' in player;

/** A cell's short name of a co-player: a member's last name, a guest's last word. */
export function playerShortName(player: ReservationPlayer): string {
  if (!isGuest(player)) return player.last_name ?? fullName(player);
  return player.guest_name.trim().split(/\s+/).at(-1) ?? player.guest_name;
}

/** The name read out and shown in full: "Erika Schmidt", "Anna Berg (Gast)". */
export function playerFullName(player: ReservationPlayer): string {
  return isGuest(player) ? `${player.guest_name} (${playerTexts.guest})` : fullName(player);
}

/**
 * A cell's players: the booker's short name and every co-player's, "Müller / Schmidt". The booker
 * keeps the grid's usual form ("S. Graf") when nobody else is named.
 */
export function playersShortLine(booker: Named | undefined, players: readonly ReservationPlayer[]): string {
  if (players.length === 0) return holderName(booker);
  const first = booker?.last_name ?? holderName(booker);
  return [first, ...players.map(playerShortName)].join(' / ');
}

/** The same in full for screen readers: "Max Müller mit Erika Schmidt und Anna Berg (Gast)". */
export function playersFullLine(booker: Named | undefined, players: readonly ReservationPlayer[]): string {
  const names = players.map(playerFullName);
  if (names.length === 0) return fullName(booker);
  const others = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} und ${names.at(-1)}`;
  return `${fullName(booker)} ${playerTexts.withPlayers} ${others}`;
}

/** Whether a reservation names this member as a co-player. */
export function namesMember(players: readonly ReservationPlayer[] | undefined, userId: string): boolean {
  return (players ?? []).some((player) => !isGuest(player) && player.user_id === userId);
}
