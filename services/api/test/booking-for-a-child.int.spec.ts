/**
 * A parent books for a child (docs/who-plays.md, "Families"): the booking is in the child's name,
 * made by the parent, and the child's category decides when they may play.
 */
import { describe, expect, it } from 'vitest';
import * as categoryTexts from '@platzbuchung/domain/categories/texts';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import type { MemberCategory } from '@platzbuchung/domain/schemas';
import type { Club, Reservation } from '@platzbuchung/domain/types';
import { EVENT_COLUMNS, toEnvelope } from '../src/events/rows';
import { createLogger } from '../src/logger';
import { notificationsSubscription } from '../src/notifications/notices';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';
import type { TestClient } from './support/client';

/** Monday 23 November 2026, 13:00 in Berlin. */
const NOW = new Date('2026-11-23T12:00:00Z');
const FRIDAY = '2026-11-27';
const api = apiForFile({ now: NOW });

const categories: MemberCategory[] = [
  { id: 'erwachsene', name: 'Erwachsene', can_book: true },
  {
    id: 'jugend',
    name: 'Jugend',
    can_book: true,
    windows: [{ days: [1, 2, 3, 4, 5], from_hour: 0, to_hour: 18 }],
  },
];

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: 3,
});

async function parentWithJuniorChild(): Promise<Members & { childId: string }> {
  const m = await clubWithMembers(api.url);
  const saved = await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
    ...core(m.club),
    categories,
    junior_until_age: 18,
  });
  expect(saved.status).toBe(200);
  const child = await m.player.client.post<{ data: { _id: string } }>('/api/account/children', {
    first_name: 'Lena',
    last_name: 'Graf',
    birth_year: 2014,
  });
  expect(child.status).toBe(201);
  return { ...m, childId: child.body.data._id };
}

const book = (client: TestClient, clubId: string, body: Record<string, unknown>) =>
  client.post<{ error?: string }>('/api/reservations', {
    club_id: clubId,
    court_num: '1',
    date: FRIDAY,
    ...body,
  });

describe('given a parent with a junior child in a club whose Jugend plays Mo–Fr until 18 Uhr', () => {
  it('when the parent books for the child at 17 Uhr, then the booking is the child’s, made by the parent', async () => {
    const m = await parentWithJuniorChild();
    const booked = await book(m.player.client, m.club._id, {
      start_time: 17,
      end_time: 18,
      on_behalf_of: m.childId,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const list = await m.admin.client.get<Reservation[]>(
      `/api/reservations?club_id=${m.club._id}&from=${FRIDAY}&to=${FRIDAY}`,
    );
    const made = list.body.find((r) => r.start_time === 17)!;
    expect(made.user_id).toBe(m.childId);
    const event = await api
      .db('events')
      .where({ stream_type: 'reservation', stream_id: made._id, version: 1 })
      .first('actor_id', 'data');
    expect(event).toMatchObject({ actor_id: m.player.user._id, data: { user_id: m.childId } });
  });

  it('when the parent books for the child at 19 Uhr on a weekday, then it is refused naming the child and Jugend', async () => {
    const m = await parentWithJuniorChild();
    const refused = await book(m.player.client, m.club._id, {
      start_time: 19,
      end_time: 20,
      on_behalf_of: m.childId,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      categoryTexts.outsideWindows('Lena Graf', 'Jugend', 'Mo–Fr nur bis 18 Uhr'),
    );
    // The parent, an adult, may play then themself.
    expect((await book(m.player.client, m.club._id, { start_time: 19, end_time: 20 })).status).toBe(201);
  });

  it('when another member names the child, then it is refused: only the parent books for them', async () => {
    const m = await parentWithJuniorChild();
    const other = await loggedIn(api.url, (await signUp(api.url, m.club._id)).email);
    const refused = await book(other.client, m.club._id, {
      start_time: 10,
      end_time: 11,
      on_behalf_of: m.childId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(reservationTexts.notYourChild);
    const notAnId = await book(m.player.client, m.club._id, {
      start_time: 10,
      end_time: 11,
      on_behalf_of: 'lena',
    });
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.error).toBe(reservationTexts.notYourChild);
    // A child is booked on one court, never several at once.
    const courts = await m.player.client.post<{ error?: string }>('/api/reservations', {
      club_id: m.club._id,
      court_nums: ['1', '2'],
      date: FRIDAY,
      start_time: 10,
      end_time: 11,
      on_behalf_of: m.childId,
    });
    expect(courts.status).toBe(400);
    expect(courts.body.error).toBe(reservationTexts.childOneCourt);
  });

  it('when the admin cancels the child’s booking, then the parent is told at their own address', async () => {
    const m = await parentWithJuniorChild();
    const booked = await book(m.player.client, m.club._id, {
      start_time: 10,
      end_time: 11,
      on_behalf_of: m.childId,
    });
    expect(booked.status).toBe(201);
    const [made] = await api.db('reservations').where({ user_id: m.childId }).pluck('id');
    const cancel = await m.admin.client.post(`/api/reservations?reservation_id=${made}`, {
      club_id: m.club._id,
      form_method: 'delete',
      date: FRIDAY,
      delete_type: 'all',
    });
    expect(cancel.status).toBe(200);
    const row = await api
      .db('events')
      .where({ stream_type: 'reservation', stream_id: made, type: 'ReservationCancelled' })
      .first(EVENT_COLUMNS);
    await notificationsSubscription({ publicUrl: 'http://localhost:3000' }).handle(toEnvelope(row), {
      db: api.db,
      logger: createLogger('booking-for-a-child', 'silent'),
    });
    const mails = await api
      .db('mail_outbox')
      .where({ kind: 'booking-cancelled' })
      .whereIn('user_id', [m.player.user._id, m.childId])
      .select('user_id', 'to_address');
    expect(mails).toEqual([{ user_id: m.player.user._id, to_address: m.player.user.email }]);
  });

  it('when the parent cancels the child’s booking, then it is gone; another member may not', async () => {
    const m = await parentWithJuniorChild();
    expect(
      (await book(m.player.client, m.club._id, { start_time: 10, end_time: 11, on_behalf_of: m.childId }))
        .status,
    ).toBe(201);
    const [made] = await api.db('reservations').where({ user_id: m.childId }).pluck('id');
    const cancel = (client: TestClient) =>
      client.post<{ error?: string }>(`/api/reservations?reservation_id=${made}`, {
        club_id: m.club._id,
        form_method: 'delete',
        date: FRIDAY,
        delete_type: 'all',
      });
    const other = await loggedIn(api.url, (await signUp(api.url, m.club._id)).email);
    const refused = await cancel(other.client);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(reservationTexts.notOwnReservation);
    expect((await cancel(m.player.client)).status).toBe(200);
    expect(await api.db('reservations').where({ user_id: m.childId }).pluck('id')).toEqual([]);
  });

  it('when the parent names the child as co-player at 19 Uhr, then the child’s category refuses it too', async () => {
    const m = await parentWithJuniorChild();
    const saved = await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
      ...core(m.club),
      categories,
      junior_until_age: 18,
      co_players: 'optional',
    });
    expect(saved.status).toBe(200);
    const named = (start: number) =>
      book(m.player.client, m.club._id, {
        start_time: start,
        end_time: start + 1,
        players: [{ user_id: m.childId }],
      });
    const refused = await named(19);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      categoryTexts.outsideWindows('Lena Graf', 'Jugend', 'Mo–Fr nur bis 18 Uhr'),
    );
    expect((await named(16)).status).toBe(201);
  });

  it('when an admin books for their own child, then the child’s rules hold, not the club’s freedom', async () => {
    const m = await parentWithJuniorChild();
    const child = await m.admin.client.post<{ data: { _id: string } }>('/api/account/children', {
      first_name: 'Paul',
      last_name: 'Berger',
      birth_year: 2013,
    });
    const refused = await book(m.admin.client, m.club._id, {
      start_time: 19,
      end_time: 20,
      on_behalf_of: child.body.data._id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      categoryTexts.outsideWindows('Paul Berger', 'Jugend', 'Mo–Fr nur bis 18 Uhr'),
    );
  });
});

describe('given a club that charges onto the account', () => {
  it('when a parent books for their child, then the parent’s account pays, not the child’s', async () => {
    const m = await parentWithJuniorChild();
    const hall = {
      label: 'Hallenmiete',
      courts: null,
      days: [1, 2, 3, 4, 5, 6, 7],
      from_hour: 8,
      to_hour: 20,
    };
    const saved = await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
      ...core(m.club),
      prices: [{ ...hall, cents_per_hour: 1800 }],
      payment: 'account',
    });
    expect(saved.status).toBe(200);
    const booked = await book(m.player.client, m.club._id, {
      start_time: 16,
      end_time: 17,
      on_behalf_of: m.childId,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const ledger = () =>
      m.player.client.get<{ balance_cents: number; data: { text: string; cents: number }[] }>(
        `/api/account/ledger?club_id=${m.club._id}`,
      );
    const charged = await ledger();
    expect(charged.body.balance_cents).toBe(1800);
    expect(charged.body.data[0]!.text).toBe('Buchung Platz 1, Fr., 27.11.2026, 16-17 Uhr');
    const childLines = await api.db('account_entries').where({ user_id: m.childId }).count({ n: '*' });
    expect(Number(childLines[0]!.n)).toBe(0);
  });
});
