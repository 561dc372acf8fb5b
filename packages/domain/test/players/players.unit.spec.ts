/** How a booking's players are named: short in the grid, in full for screen readers and lists. */
import { describe, expect, it } from 'vitest';
import {
  isGuestNameValid,
  namesMember,
  playersFullLine,
  playersShortLine,
  type ReservationPlayer,
} from '../../src/players/players';

const booker = { first_name: 'Max', last_name: 'Müller' };
const erika: ReservationPlayer = { user_id: 'u-2', first_name: 'Erika', last_name: 'Schmidt' };
const guest: ReservationPlayer = { guest_name: 'Anna Berg' };
const erased: ReservationPlayer = { user_id: 'u-3', first_name: null, last_name: null };

describe('players of a booking', () => {
  it('given nobody named, the cell keeps the booker’s usual short name', () => {
    expect(playersShortLine(booker, [])).toBe('M. Müller');
    expect(playersFullLine(booker, [])).toBe('Max Müller');
  });

  it('given a member and a guest, the cell shows every last name', () => {
    expect(playersShortLine(booker, [erika, guest])).toBe('Müller / Schmidt / Berg');
  });

  it('given a member and a guest, screen readers hear every name in full', () => {
    expect(playersFullLine(booker, [erika, guest])).toBe('Max Müller mit Erika Schmidt und Anna Berg (Gast)');
    expect(playersFullLine(booker, [erika])).toBe('Max Müller mit Erika Schmidt');
  });

  it('given an erased member, names them as such', () => {
    expect(playersShortLine(booker, [erased])).toBe('Müller / Gelöschtes Mitglied');
  });

  it('knows whether a booking names a member', () => {
    expect(namesMember([erika, guest], 'u-2')).toBe(true);
    expect(namesMember([guest], 'u-2')).toBe(false);
    expect(namesMember(undefined, 'u-2')).toBe(false);
  });

  it.each([
    ['Anna Berg', true],
    ["O'Neill-Smith Jr.", true],
    ['Jürgen', true],
    ['A', false],
    ['Anna2', false],
    ['x'.repeat(61), false],
  ])('a guest named %s is valid: %s', (name, valid) => {
    expect(isGuestNameValid(name)).toBe(valid);
  });
});
