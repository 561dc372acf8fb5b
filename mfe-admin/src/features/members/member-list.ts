/**
 * Which members the list shows and in which order: a status filter (or all), a search over names
 * and addresses, and an order by name, status or joining day. Without React, so it is tested alone.
 */
import type { MemberStatus } from '@platzbuchung/domain/types';
import type { Member } from '../../shared/members-api';

export type MemberFilter = MemberStatus | 'all';
export type MemberSort = 'name' | 'status' | 'joined';

export const SORT_LABELS: Record<MemberSort, string> = {
  name: 'Name',
  status: 'Status',
  joined: 'Neueste zuerst',
};

/** Offen first: that is where the admin has something to do. */
export const STATUS_ORDER: readonly MemberStatus[] = ['pending', 'active', 'inactive'];

const collator = new Intl.Collator('de', { sensitivity: 'base' });

/** "Jürgen" is found by "jurgen" and "JÜR": case and accents do not matter. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('de');
}

function matches(member: Member, query: string): boolean {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = folded(`${member.first_name} ${member.last_name} ${member.email}`);
  return words.every((word) => haystack.includes(word));
}

const byName = (a: Member, b: Member) =>
  collator.compare(a.last_name, b.last_name) || collator.compare(a.first_name, b.first_name);

const orders: Record<MemberSort, (a: Member, b: Member) => number> = {
  name: byName,
  status: (a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || byName(a, b),
  joined: (a, b) => b.created_at.localeCompare(a.created_at) || byName(a, b),
};

export function listMembers(
  members: readonly Member[],
  { filter, query, sort }: { filter: MemberFilter; query: string; sort: MemberSort },
): Member[] {
  return members
    .filter((m) => (filter === 'all' || m.status === filter) && matches(m, query))
    .sort(orders[sort]);
}
