import { describe, expect, it } from 'vitest';
import { HELD_NOTICE_MAX_AGE_DAYS, heldNoticeWorthSending } from '../../src/mail/held-notices';
import type { BookingSlot, NoticeFacts } from '../../src/mail/notices';

const now = new Date('2026-11-25T08:00:00Z');
const moment = { now, clubToday: '2026-11-25' };
const slot = (date: string, recurring = false): BookingSlot => ({
  court: '1',
  date,
  start: 10,
  end: 11,
  ...(recurring ? { recurring } : {}),
});
const held = (facts: NoticeFacts, daysAgo = 1) => ({
  facts,
  heldSince: new Date(now.getTime() - daysAgo * 24 * 60 * 60 * 1000),
});
const clubName = 'TC Test';

describe('which held notices go out once the address is confirmed', () => {
  it('drops news about a day that is over, keeps news about today and later', () => {
    const cancelled = (date: string): NoticeFacts => ({
      kind: 'booking-cancelled',
      clubName,
      slot: slot(date),
      scope: 'booking',
    });
    expect(heldNoticeWorthSending(held(cancelled('2026-11-24')), moment)).toBe(false);
    expect(heldNoticeWorthSending(held(cancelled('2026-11-25')), moment)).toBe(true);
    expect(heldNoticeWorthSending(held(cancelled('2026-12-01')), moment)).toBe(true);
  });

  it('a series goes on after its first date; one cancelled date of it does not', () => {
    const series = slot('2026-11-02', true);
    const whole: NoticeFacts = { kind: 'booking-cancelled', clubName, slot: series, scope: 'booking' };
    const once: NoticeFacts = { kind: 'booking-cancelled', clubName, slot: series, scope: 'occurrence' };
    expect(heldNoticeWorthSending(held(whole), moment)).toBe(true);
    expect(heldNoticeWorthSending(held(once), moment)).toBe(false);
  });

  it('a move counts by the later of its two days; a confirmation by its day', () => {
    const moved = (before: string, after: string): NoticeFacts => ({
      kind: 'booking-moved',
      clubName,
      before: slot(before),
      after: slot(after),
    });
    expect(heldNoticeWorthSending(held(moved('2026-11-24', '2026-11-26')), moment)).toBe(true);
    expect(heldNoticeWorthSending(held(moved('2026-11-23', '2026-11-24')), moment)).toBe(false);
    const confirmed: NoticeFacts = { kind: 'booking-confirmed', clubName, slot: slot('2026-11-24') };
    expect(heldNoticeWorthSending(held(confirmed), moment)).toBe(false);
  });

  it('nothing held longer than the bound goes out, not even a membership approval', () => {
    const approved: NoticeFacts = { kind: 'membership-approved', clubName };
    expect(heldNoticeWorthSending(held(approved, HELD_NOTICE_MAX_AGE_DAYS - 0.5), moment)).toBe(true);
    expect(heldNoticeWorthSending(held(approved, HELD_NOTICE_MAX_AGE_DAYS + 0.5), moment)).toBe(false);
  });
});
