import { describe, expect, it } from 'vitest';
import type { PushListItem } from '@platzbuchung/domain/push/outbox-list';
import { pushRowView } from '../src/features/club-mails/push-rows';

const BERLIN = 'Europe/Berlin';

const push = (changes: Partial<PushListItem>): PushListItem => ({
  id: 'p1',
  status: 'waiting',
  title: 'Warteliste: Platz frei – TC Grün',
  recipientName: 'Anke Huber',
  pushService: 'fcm.googleapis.com',
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-23T17:04:00.000Z',
  sentAt: null,
  failedAt: null,
  ...changes,
});

describe('a push message in the admin’s list', () => {
  it('names the member and the push service only, with when it was written while it waits', () => {
    expect(pushRowView(push({}), BERLIN)).toEqual({
      id: 'p1',
      status: 'waiting',
      title: 'Warteliste: Platz frei – TC Grün',
      statusLabel: 'Wartet',
      recipient: 'An Anke Huber, Gerät bei fcm.googleapis.com',
      moment: 'angelegt am Mo., 23.11.2026, 18:04 Uhr',
      error: null,
    });
  });

  it('says when it was delivered, on the club’s wall clock', () => {
    const row = pushRowView(push({ status: 'sent', sentAt: '2026-11-23T17:04:02.000Z' }), BERLIN);
    expect([row.statusLabel, row.moment, row.error]).toEqual([
      'Zugestellt',
      'zugestellt am Mo., 23.11.2026, 18:04 Uhr',
      null,
    ]);
  });

  it('shows a failure with its attempts and the push service’s last answer', () => {
    const row = pushRowView(
      push({ status: 'failed', attempts: 5, lastError: 'HTTP 500', failedAt: '2026-11-23T17:06:40.000Z' }),
      BERLIN,
    );
    expect([row.statusLabel, row.moment, row.error]).toEqual([
      'Fehlgeschlagen',
      'fehlgeschlagen am Mo., 23.11.2026, 18:06 Uhr, 5 Fehlversuche',
      'Grund: Der Push-Dienst antwortete mit HTTP 500.',
    ]);
  });

  it('shows a retry’s reason while it waits for the next try', () => {
    const row = pushRowView(push({ attempts: 1, lastError: 'fetch failed' }), BERLIN);
    expect([row.moment, row.error]).toEqual([
      'angelegt am Mo., 23.11.2026, 18:04 Uhr, 1 Fehlversuch',
      'Grund: Der Push-Dienst war nicht erreichbar (fetch failed).',
    ]);
  });

  it('calls a device without a known push service and a member without a name plainly', () => {
    expect(pushRowView(push({ pushService: '', recipientName: '' }), BERLIN).recipient).toBe(
      'An ein Mitglied, Gerät',
    );
  });
});
