import { describe, expect, it } from 'vitest';
import { coPlayerNoticeKinds, namedMembers } from '../../src/mail/co-player-notices';
import { heldNoticeWorthSending } from '../../src/mail/held-notices';
import { mailKindLabels, noticeKinds, noticeText, peopleNamedIn, type NameOf } from '../../src/mail/notices';

const slot = { court: '2', date: '2026-11-26', start: 18, end: 19 };

/** The tables as a mail is rendered: two members, a guest, and an id nobody has any more. */
const name: NameOf = (ref) => {
  if ('guest_id' in ref) return { guest_name: 'Gerda Gast' };
  const member = { joerg: ['Jörg', 'Weiß'], anna: ['Anna', 'Öz'] }[ref.user_id];
  return { user_id: ref.user_id, first_name: member?.[0] ?? null, last_name: member?.[1] ?? null };
};

describe('who a booking names', () => {
  it('is the members of the booking, replaced by a change that names players, less those who left', () => {
    const made = {
      type: 'ReservationMade' as const,
      data: { players: [{ user_id: 'a' }, { guest_id: 'g', fee_cents: 500 }, { user_id: 'b' }] },
    };
    expect(namedMembers([made])).toEqual(['a', 'b']);
    expect(namedMembers([made, { type: 'ReservationChanged', data: {} }])).toEqual(['a', 'b']);
    expect(
      namedMembers([made, { type: 'ReservationChanged', data: { players: [{ user_id: 'c' }] } }]),
    ).toEqual(['c']);
    expect(namedMembers([made, { type: 'CoPlayerLeft', data: { user_id: 'a' } }])).toEqual(['b']);
    expect(namedMembers([{ type: 'ReservationMade', data: {} }, { type: 'OccurrenceCancelled' }])).toEqual(
      [],
    );
  });
});

describe('the co-player notices', () => {
  it('are notices the admins list, each with a label and German words that name the people', () => {
    for (const kind of coPlayerNoticeKinds) {
      expect(noticeKinds).toContain(kind);
      expect(mailKindLabels[kind]).toMatch(/^[A-ZÄÖÜ]/);
    }
    const named = noticeText({ kind: 'co-player-named', clubName: 'TC Süd', slot, booker: 'joerg' }, name);
    expect(named.subject).toBe('Jörg Weiß hat Sie als Mitspieler eingetragen (TC Süd)');
    expect(named.paragraphs[0]).toBe(
      'Jörg Weiß hat Sie bei TC Süd als Mitspieler eingetragen: Platz 2, Do., 26.11.2026, 18-19 Uhr.',
    );
    expect(named.why).toContain('In Ihrem Konto können Sie diese Benachrichtigungen ausschalten.');
    const left = noticeText({ kind: 'co-player-left', clubName: 'TC Süd', slot, player: 'anna' }, name);
    expect(left.subject).toBe('Anna Öz spielt nicht mehr mit (TC Süd)');
  });

  it('name people by id, and say them as the tables hold them when rendered: an erased member as such', () => {
    const facts = {
      kind: 'co-player-players-changed' as const,
      clubName: 'TC Süd',
      slot,
      booker: 'gone',
      players: [{ user_id: 'anna' }, { guest_id: 'gast', fee_cents: 0 }],
    };
    expect(peopleNamedIn(facts)).toEqual([{ user_id: 'gone' }, ...facts.players]);
    expect(JSON.stringify(facts)).not.toMatch(/Anna|Gerda/);
    const words = noticeText(facts, name);
    expect(words.paragraphs[0]).toContain('Die Buchung von Gelöschtes Mitglied');
    expect(words.paragraphs[1]).toBe(
      'Es spielen jetzt: Gelöschtes Mitglied mit Anna Öz und Gerda Gast (Gast).',
    );
    const kept = { kind: 'booking-confirmed' as const, clubName: 'TC Süd', slot };
    expect(peopleNamedIn(kept)).toEqual([]);
  });

  it('held for an unconfirmed address, go out while the day is still to come', () => {
    const facts = {
      kind: 'co-player-cancelled' as const,
      clubName: 'TC',
      slot,
      booker: 'joerg',
      scope: 'booking' as const,
    };
    const heldSince = new Date('2026-11-24T10:00:00Z');
    const now = new Date('2026-11-25T10:00:00Z');
    expect(heldNoticeWorthSending({ facts, heldSince }, { now, clubToday: '2026-11-25' })).toBe(true);
    expect(heldNoticeWorthSending({ facts, heldSince }, { now, clubToday: '2026-11-27' })).toBe(false);
  });
});
