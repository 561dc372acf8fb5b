import { describe, expect, it } from 'vitest';
import { fullName, holderName } from '../../src/names';
import { numbersFrom, reservationsBySlot, slotKey, slotText } from '../../src/reservations/day-slots';
import { player, row } from './support/fixtures';

const steffi = { first_name: 'Steffi', last_name: 'Graf' };
const people = new Map([[player.user_id, steffi]]);

describe('a day as courts × hours', () => {
  it('puts a booking into every hour it holds, and a weekly series only on its days', () => {
    const twoHours = row({ _id: 'two', court_num: '1', start_time: 9, end_time: 11 });
    const weekly = row({ _id: 'weekly', court_num: '2', recurring: true, deleted_dates: ['2026-11-30'] });
    const monday = reservationsBySlot([twoHours, weekly], '2026-11-23');
    expect([...monday.keys()].sort()).toEqual([slotKey(1, 10), slotKey(1, 9), slotKey(2, 10)].sort());
    expect(monday.get(slotKey('1', 10))?._id).toBe('two');
    expect(reservationsBySlot([weekly], '2026-11-30').size).toBe(0);
    expect(reservationsBySlot([weekly], '2026-12-07').get(slotKey(2, 10))?._id).toBe('weekly');
  });

  it('names a cell by its label, else by its holder, else as the screen says of strangers', () => {
    expect(slotText(row({ label: ' Jugendtraining ' }), people, '')).toBe('Jugendtraining');
    expect(slotText(row(), people, '')).toBe('S. Graf');
    expect(slotText(row({ user_id: 'gone' }), people, 'Unbekannt')).toBe('Unbekannt');
  });

  it('counts hours and courts from the first up to, not including, the last', () => {
    expect(numbersFrom(8, 11)).toEqual([8, 9, 10]);
    expect(numbersFrom(5, 5)).toEqual([]);
  });
});

describe('names', () => {
  it('writes people in full in lists and short in cells, with umlauts and accents intact', () => {
    expect(fullName(steffi)).toBe('Steffi Graf');
    expect(holderName({ first_name: 'Özlem', last_name: 'Müller-Lüdenscheidt' })).toBe(
      'Ö. Müller-Lüdenscheidt',
    );
    expect(holderName({ first_name: null, last_name: 'Graf' })).toBe('Graf');
    expect(holderName(undefined)).toBe('Unbekannt');
    expect(fullName(undefined)).toBe('Unbekannt');
    // Both names null: the API's word for an erased member (docs/privacy-erasure.md).
    expect(fullName({ first_name: null, last_name: null })).toBe('Gelöschtes Mitglied');
  });
});
