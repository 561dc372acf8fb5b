/**
 * A member's account through the API (docs/architecture/money.md): a booking is charged with its
 * price, a cancellation, a block and a move write the difference, a prepaid club refuses what the
 * credit does not cover (402, with the amount missing), the treasurer enters payments once per key
 * and reads every balance, as JSON and as a spreadsheet; the member reads their lines and finds
 * them in their data export; the read models rebuild and verify from the log.
 */
import { describe, expect, it } from 'vitest';
import { accountTexts } from '@platzbuchung/domain/money/account';
import type { PriceRule } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { rebuildProjections, verifyProjections } from '../src/projections/registry';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';
import type { TestClient } from './support/client';

const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';
const api = apiForFile({ now: NOW });

const hall: PriceRule = {
  label: 'Hallenmiete',
  courts: null,
  days: [1, 2, 3, 4, 5, 6, 7],
  from_hour: 8,
  to_hour: 20,
  cents_per_hour: 1800,
};
const floodlight: PriceRule = {
  ...hall,
  label: 'Flutlicht',
  days: [1, 2, 3, 4, 5],
  from_hour: 17,
  cents_per_hour: 300,
};

interface Ledger {
  balance_cents: number;
  data: { kind: string; text: string; cents: number; reservation_id: string | null }[];
}

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});

async function chargingClub(
  payment: 'account' | 'prepaid',
  more: Record<string, unknown> = {},
): Promise<Members> {
  const m = await clubWithMembers(api.url);
  const saved = await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
    ...core(m.club),
    prices: [hall, floodlight],
    payment,
    ...more,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return m;
}

const book = (client: TestClient, m: Members, body: Record<string, unknown> = {}) =>
  client.post<{ data: { _id: string; court_num: string; start_time: number }[]; error?: string }>(
    '/api/reservations',
    { club_id: m.club._id, court_num: '2', date: TUESDAY, start_time: 18, end_time: 19, ...body },
  );

async function bookedId(client: TestClient, m: Members, body: Record<string, unknown> = {}): Promise<string> {
  const answer = await book(client, m, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const start = (body.start_time as number | undefined) ?? 18;
  const court = (body.court_num as string | undefined) ?? '2';
  return answer.body.data.find((r) => r.start_time === start && r.court_num === court)!._id;
}

const ledger = async (client: TestClient, m: Members) => {
  const answer = await client.get<Ledger>(`/api/account/ledger?club_id=${m.club._id}`);
  expect(answer.status).toBe(200);
  return answer.body;
};

const enter = (m: Members, userId: string, body: Record<string, unknown>) =>
  m.admin.client.post<Ledger & { message: string; error?: unknown }>(
    `/api/admin/accounts/${userId}/entries?club_id=${m.club._id}`,
    {
      kind: 'payment',
      cents: 5000,
      text: 'Überweisung November',
      idempotency_key: 'ueberweisung-nov-1',
      ...body,
    },
  );

describe('given a club that charges onto the account', () => {
  it('when a member books and cancels, then the price is charged with its lines and credited back', async () => {
    const m = await chargingClub('account');
    const id = await bookedId(m.player.client, m);
    const charged = await ledger(m.player.client, m);
    expect(charged.balance_cents).toBe(2100);
    expect(charged.data).toEqual([
      expect.objectContaining({
        kind: 'charge',
        cents: 2100,
        reservation_id: id,
        text: 'Buchung Platz 2, Di., 24.11.2026, 18-19 Uhr',
      }),
    ]);
    const cancelled = await m.player.client.post(`/api/reservations?reservation_id=${id}`, {
      form_method: 'delete',
      date: TUESDAY,
      delete_type: 'all',
    });
    expect(cancelled.status).toBe(200);
    const after = await ledger(m.player.client, m);
    expect(after.balance_cents).toBe(0);
    expect(after.data.map((line) => [line.kind, line.cents])).toEqual([
      ['credit', -2100],
      ['charge', 2100],
    ]);
  });

  it('when the booking moves to a cheaper hour, then the difference is credited', async () => {
    const m = await chargingClub('account');
    const id = await bookedId(m.player.client, m);
    const moved = await m.player.client.request('PUT', `/api/reservations/${id}?club_id=${m.club._id}`, {
      court_num: '2',
      date: TUESDAY,
      start_time: 10,
      end_time: 11,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await ledger(m.player.client, m);
    expect(after.balance_cents).toBe(1800);
    expect(after.data[0]).toMatchObject({
      kind: 'credit',
      cents: -300,
      text: 'Umbuchung Platz 2, Di., 24.11.2026, 10-11 Uhr',
    });
  });

  it('when the admin blocks the court, then the cancelled booking is credited', async () => {
    const m = await chargingClub('account');
    await bookedId(m.player.client, m);
    const blocked = await m.admin.client.post(`/api/admin/blocks?club_id=${m.club._id}`, {
      court_nums: ['2'],
      from: `${TUESDAY}T17:00`,
      until: `${TUESDAY}T20:00`,
      reason: 'Turnier',
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(201);
    expect((await ledger(m.player.client, m)).balance_cents).toBe(0);
  });

  it('when a price change and a booking meet, then the charge is the price of the moment the booking was decided', async () => {
    const m = await chargingClub('account');
    const dearer = { ...hall, cents_per_hour: 2500 };
    const [changed, booked] = await Promise.all([
      m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
        ...core(m.club),
        prices: [dearer, floodlight],
      }),
      book(m.player.client, m),
    ]);
    expect(changed.status).toBe(200);
    expect(booked.status).toBe(201);
    const order: { type: string; data: { cents?: number } }[] = await api
      .db('events')
      .where({ club_id: m.club._id })
      .whereIn('type', ['ClubSettingsChanged', 'AccountCharged'])
      .orderBy('club_seq')
      .select('type', 'data');
    const chargeAt = order.findIndex((e) => e.type === 'AccountCharged');
    const lastChange = order.map((e) => e.type).lastIndexOf('ClubSettingsChanged');
    expect(order[chargeAt]!.data.cents).toBe(lastChange < chargeAt ? 2800 : 2100);
  });

  it('when two treasurers record the same payment at once, then it is recorded once', async () => {
    const m = await chargingClub('account');
    const second = await loggedIn(api.url, (await signUp(api.url, m.club._id)).email);
    await m.admin.client.request('PUT', `/api/admin/members/${second.user._id}/role?club_id=${m.club._id}`, {
      role: 'admin',
    });
    const treasurer2 = await loggedIn(api.url, second.user.email);
    const body = {
      kind: 'payment',
      cents: 5000,
      text: 'Überweisung November',
      idempotency_key: 'kontoauszug-4711',
    };
    const url = `/api/admin/accounts/${m.player.user._id}/entries?club_id=${m.club._id}`;
    const answers = await Promise.all([m.admin.client.post(url, body), treasurer2.client.post(url, body)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const after = await ledger(m.player.client, m);
    expect(after.data).toHaveLength(1);
    expect(after.balance_cents).toBe(-5000);
  });

  it('when the member’s own stream has events too, then their account numbers its events on its own', async () => {
    const m = await chargingClub('account');
    const role = (value: 'admin' | 'player') =>
      m.admin.client.request('PUT', `/api/admin/members/${m.player.user._id}/role?club_id=${m.club._id}`, {
        role: value,
      });
    expect((await role('admin')).status).toBe(200);
    expect((await role('player')).status).toBe(200);
    await bookedId(m.player.client, m);
    expect((await enter(m, m.player.user._id, { idempotency_key: 'erste-zahlung' })).status).toBe(201);
    await bookedId(m.player.client, m, { court_num: '3' });
    expect((await enter(m, m.player.user._id, { idempotency_key: 'zweite-zahlung' })).status).toBe(201);
    const versions: { version: number }[] = await api
      .db('events')
      .where({ stream_type: 'account', stream_id: m.player.user._id })
      .orderBy('version')
      .select('version');
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
  });

  it('when the treasurer reads the balances, then every member is listed, as JSON and as a spreadsheet', async () => {
    const m = await chargingClub('account');
    await bookedId(m.player.client, m);
    const json = await m.admin.client.get<{ data: { user_id: string; balance_cents: number }[] }>(
      `/api/admin/accounts?club_id=${m.club._id}`,
    );
    expect(json.status).toBe(200);
    expect(json.body.data.find((b) => b.user_id === m.player.user._id)?.balance_cents).toBe(2100);
    expect(json.body.data.find((b) => b.user_id === m.admin.user._id)?.balance_cents).toBe(0);
    const csv = await m.admin.client.get<string>(`/api/admin/accounts?club_id=${m.club._id}&format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = csv.body;
    expect(text).toContain('Nachname;Vorname;E-Mail;Kontostand (€)');
    expect(text).toContain(`${m.player.user.email};21,00`);
  });

  it('when a treasurer enters bad input or names a stranger, then German 400 and 404; players may not', async () => {
    const m = await chargingClub('account');
    const bad = await enter(m, m.player.user._id, { cents: 12.5 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('ganzen Cent');
    const stranger = await enter(m, '00000000-0000-4000-8000-000000000999', {});
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).toContain(accountTexts.unknownMember);
    const other = await clubWithMembers(api.url);
    expect((await enter(m, other.player.user._id, {})).status).toBe(404);
    const byPlayer = await m.player.client.get(`/api/admin/accounts?club_id=${m.club._id}`);
    expect(byPlayer.status).toBe(403);
  });

  it('when the member exports their data, then the account is in it; the log rebuilds and verifies it', async () => {
    const m = await chargingClub('account');
    await bookedId(m.player.client, m);
    await enter(m, m.player.user._id, {});
    const exported = await m.player.client.get<{
      account: { balance_cents: number; lines: unknown[]; history: unknown[] };
    }>('/api/account/export');
    expect(exported.status).toBe(200);
    expect(exported.body.account.balance_cents).toBe(-2900);
    expect(exported.body.account.lines).toHaveLength(2);
    expect(exported.body.account.history).toHaveLength(2);
    const [verified] = await verifyProjections(api.db, ['account-balances']);
    expect(verified!.differences).toEqual([]);
    await api.db('account_balances').where({ user_id: m.player.user._id }).update({ balance_cents: 1 });
    const [broken] = await verifyProjections(api.db, ['account-balances']);
    expect(broken!.differences.length).toBeGreaterThan(0);
    await rebuildProjections(api.db, ['account-balances']);
    expect((await ledger(m.player.client, m)).balance_cents).toBe(-2900);
    const [again] = await verifyProjections(api.db, ['account-balances']);
    expect(again!.differences).toEqual([]);
  });
});

describe('given a prepaid club', () => {
  it('when the credit does not cover a booking, then 402 says how much is missing; after a payment it books', async () => {
    const m = await chargingClub('prepaid');
    const refused = await book(m.player.client, m);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe(accountTexts.notPaid(2100));
    expect((await enter(m, m.player.user._id, {})).status).toBe(201);
    await bookedId(m.player.client, m);
    expect((await ledger(m.player.client, m)).balance_cents).toBe(-2900);
  });
});

describe('given a club that charges nothing', () => {
  it('when a member books, then their account stays empty', async () => {
    const m = await clubWithMembers(api.url);
    await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
      ...core(m.club),
      prices: [hall],
    });
    await bookedId(m.player.client, m);
    expect(await ledger(m.player.client, m)).toEqual({ balance_cents: 0, data: [] });
  });
});
