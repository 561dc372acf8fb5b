import { describe, expect, it } from 'vitest';
import { listMembers } from '../src/features/members/member-list';
import type { Member } from '../src/shared/members-api';

const member = (first: string, last: string, status: Member['status'], joined: string): Member => ({
  _id: `${first}-${last}`,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@tc-rot-weiss.de`,
  role: 'player',
  status,
  created_at: `${joined}T10:00:00.000Z`,
  upcoming_bookings: 0,
  category_id: null,
  birth_year: null,
  category: 'mitglied',
});

const members = [
  member('Steffi', 'Graf', 'active', '2026-03-01'),
  member('Jürgen', 'Müller', 'pending', '2026-11-20'),
  member('Anke', 'Huber', 'inactive', '2026-10-01'),
  member('Boris', 'Becker', 'active', '2026-06-15'),
  member('Änne', 'Müller', 'active', '2026-01-10'),
];
const names = (list: Member[]) => list.map((m) => `${m.first_name} ${m.last_name}`);

describe('the members list', () => {
  it('shows one status, or all', () => {
    expect(names(listMembers(members, { filter: 'active', query: '', sort: 'name' }))).toEqual([
      'Boris Becker',
      'Steffi Graf',
      'Änne Müller',
    ]);
    expect(listMembers(members, { filter: 'all', query: '', sort: 'name' })).toHaveLength(5);
  });

  it('finds by part of a name or the address, without minding case or accents', () => {
    const find = (query: string) => names(listMembers(members, { filter: 'all', query, sort: 'name' }));
    expect(find('mull')).toEqual(['Änne Müller', 'Jürgen Müller']);
    expect(find('JURGEN')).toEqual(['Jürgen Müller']);
    expect(find('steffi@')).toEqual(['Steffi Graf']);
    expect(find('anne mü')).toEqual(['Änne Müller']);
    expect(find('  ')).toHaveLength(5);
    expect(find('niemand')).toEqual([]);
  });

  it('sorts by last name in German order, by status (Offen first), or newest first', () => {
    const sorted = (sort: 'name' | 'status' | 'joined') =>
      names(listMembers(members, { filter: 'all', query: '', sort }));
    expect(sorted('name')).toEqual([
      'Boris Becker',
      'Steffi Graf',
      'Anke Huber',
      'Änne Müller',
      'Jürgen Müller',
    ]);
    expect(sorted('status')).toEqual([
      'Jürgen Müller',
      'Boris Becker',
      'Steffi Graf',
      'Änne Müller',
      'Anke Huber',
    ]);
    expect(sorted('joined')).toEqual([
      'Jürgen Müller',
      'Anke Huber',
      'Boris Becker',
      'Steffi Graf',
      'Änne Müller',
    ]);
  });

  it('leaves the loaded list as it is', () => {
    const before = names(members);
    listMembers(members, { filter: 'all', query: '', sort: 'joined' });
    expect(names(members)).toEqual(before);
  });
});
