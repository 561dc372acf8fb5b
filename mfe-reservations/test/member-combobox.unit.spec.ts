/** The member picker's choices: members by the words typed, and an unknown name offered as a guest. */
import { describe, expect, it } from 'vitest';
import type { UserListEntry } from '@platzbuchung/domain/types';
import { matchingMembers, offersGuest } from '../src/features/booking/MemberCombobox';
import { movedIndex } from '../src/features/booking/member-combobox-machine';

const member = (_id: string, first_name: string, last_name: string): UserListEntry => ({
  _id,
  first_name,
  last_name,
});
const members = [
  member('1', 'Steffi', 'Graf'),
  member('2', 'Monica', 'Seles'),
  member('3', 'Jürgen', 'Müller'),
];

describe('the member picker', () => {
  it('finds members by every word typed, accents folded, by last name', () => {
    expect(matchingMembers(members, 'mu').map((m) => m._id)).toEqual(['3']);
    expect(matchingMembers(members, 'juergen')).toEqual([]);
    expect(matchingMembers(members, 'JÜR mül').map((m) => m._id)).toEqual(['3']);
  });

  it('offers a typed name as a guest unless it is exactly a member shown', () => {
    expect(offersGuest(matchingMembers(members, 'Anna Berg'), 'Anna Berg')).toBe(true);
    // A part of a member's name may still be a guest's.
    expect(offersGuest(matchingMembers(members, 'Graf'), 'Graf')).toBe(true);
    expect(offersGuest(matchingMembers(members, ' steffi   GRAF '), ' steffi   GRAF ')).toBe(false);
    expect(offersGuest([], '   ')).toBe(false);
  });

  it('moves through the members and the guest option after them, wrapping', () => {
    // Two members and the guest's option: three to move through.
    expect(movedIndex(-1, 1, 3)).toBe(0);
    expect(movedIndex(1, 1, 3)).toBe(2);
    expect(movedIndex(2, 1, 3)).toBe(0);
    expect(movedIndex(-1, -1, 3)).toBe(2);
  });
});
