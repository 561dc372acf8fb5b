/**
 * Any sequence of bookings, moves, cancellations, blocks, price changes, payments and returns
 * through the API leaves every account exact (docs/architecture/money.md): each balance is the sum
 * of its lines, the read models equal a rebuild from the log, and no line is a fraction of a cent.
 * Few runs of short sequences: each step is a real request.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from '@platzbuchung/domain/cents';
import type { PriceRule } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { handleCommand } from '../src/commands/handle';
import { returnPaymentCommand } from '../src/commands/money';
import { verifyProjections } from '../src/projections/registry';
import { clubWithMembers, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';
import type { TestClient } from './support/client';

const NOW = new Date('2026-11-23T09:30:00Z');
const DAYS = ['2026-11-24', '2026-11-25'];
const api = apiForFile({ now: NOW });

const rule = (cents: number): PriceRule => ({
  label: 'Hallenmiete',
  courts: null,
  days: [1, 2, 3, 4, 5, 6, 7],
  from_hour: 8,
  to_hour: 20,
  cents_per_hour: cents,
});

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: 10,
});

type Step =
  | { kind: 'book'; court: number; day: number; hour: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'move'; pick: number; hour: number }
  | { kind: 'block'; court: number; day: number }
  | { kind: 'price'; cents: number }
  | { kind: 'pay'; cents: number }
  | { kind: 'return'; pick: number; fee: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('book' as const),
    court: fc.integer({ min: 1, max: 3 }),
    day: fc.integer({ min: 0, max: 1 }),
    hour: fc.integer({ min: 8, max: 19 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), hour: fc.integer({ min: 8, max: 19 }) }),
  fc.record({
    kind: fc.constant('block' as const),
    court: fc.integer({ min: 1, max: 3 }),
    day: fc.integer({ min: 0, max: 1 }),
  }),
  fc.record({ kind: fc.constant('price' as const), cents: fc.integer({ min: 0, max: 50000 }) }),
  fc.record({ kind: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 100000 }) }),
  fc.record({ kind: fc.constant('return' as const), pick: fc.nat(), fee: fc.integer({ min: 0, max: 1000 }) }),
);

async function run(m: Members, steps: readonly Step[]): Promise<void> {
  const booked: string[] = [];
  const payments: string[] = [];
  const player: TestClient = m.player.client;
  for (const [n, s] of steps.entries()) {
    if (s.kind === 'book') {
      const answer = await player.post<{
        data: { _id: string; court_num: string; start_time: number; date: string }[];
      }>('/api/reservations', {
        club_id: m.club._id,
        court_num: String(s.court),
        date: DAYS[s.day],
        start_time: s.hour,
        end_time: s.hour + 1,
      });
      const made =
        answer.status === 201
          ? answer.body.data.find(
              (r) => r.court_num === String(s.court) && r.start_time === s.hour && r.date === DAYS[s.day],
            )
          : undefined;
      if (made) booked.push(made._id);
    }
    if (s.kind === 'cancel' && booked.length) {
      const id = booked.splice(s.pick % booked.length, 1)[0]!;
      await player.post(`/api/reservations?reservation_id=${id}`, {
        form_method: 'delete',
        date: DAYS[0],
        delete_type: 'all',
      });
    }
    if (s.kind === 'move' && booked.length) {
      const id = booked[s.pick % booked.length]!;
      await player.request('PUT', `/api/reservations/${id}?club_id=${m.club._id}`, {
        court_num: '4',
        date: DAYS[1],
        start_time: s.hour,
        end_time: s.hour + 1,
      });
    }
    if (s.kind === 'block') {
      await m.admin.client.post(`/api/admin/blocks?club_id=${m.club._id}`, {
        court_nums: [String(s.court)],
        from: `${DAYS[s.day]}T08:00`,
        until: `${DAYS[s.day]}T20:00`,
        reason: 'Platzpflege',
      });
    }
    if (s.kind === 'price') {
      await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
        ...core(m.club),
        prices: [rule(s.cents)],
      });
    }
    if (s.kind === 'pay') {
      const key = `zahlung-${n}-${s.cents}`;
      const paid = await m.admin.client.post<{ data: { kind: string; payment_id: string | null }[] }>(
        `/api/admin/accounts/${m.player.user._id}/entries?club_id=${m.club._id}`,
        { kind: 'payment', cents: s.cents, text: 'Überweisung', idempotency_key: key },
      );
      expect(paid.status).toBe(201);
      payments.push(paid.body.data.find((line) => line.kind === 'payment')!.payment_id!);
    }
    if (s.kind === 'return' && payments.length) {
      const paymentId = payments.splice(s.pick % payments.length, 1)[0]!;
      const result = await handleCommand(
        api.db,
        m.club._id,
        returnPaymentCommand,
        {
          type: 'ReturnPayment',
          account_id: m.player.user._id,
          payment_id: paymentId,
          fee_cents: toCents(s.fee),
          actor: { user_id: m.admin.user._id, role: 'admin' },
        },
        { now: NOW },
      );
      expect(result?.ok).toBe(true);
    }
  }
}

describe('any sequence of what changes money', () => {
  it('leaves every balance the sum of its lines and the read models equal to a rebuild, in whole cents', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 9 }), async (steps) => {
        const m = await clubWithMembers(api.url, { courts_count: 4, start_hour: 8, end_hour: 20 });
        await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
          ...core(m.club),
          prices: [rule(1850)],
          payment: 'account',
          split_court_fee: true,
        });
        await run(m, steps);
        const lines: { cents: string }[] = await api
          .db('account_entries')
          .where({ user_id: m.player.user._id })
          .select('cents');
        const balance = await api
          .db('account_balances')
          .where({ user_id: m.player.user._id })
          .first('balance_cents');
        const sum = lines.reduce((total, line) => total + Number(line.cents), 0);
        expect(Number(balance?.balance_cents ?? 0)).toBe(sum);
        for (const line of lines) expect(Number.isSafeInteger(Number(line.cents))).toBe(true);
        const ledger = await m.player.client.get<{ balance_cents: number }>(
          `/api/account/ledger?club_id=${m.club._id}`,
        );
        expect(ledger.body.balance_cents).toBe(sum);
        const [verified] = await verifyProjections(api.db, ['account-balances']);
        expect(verified!.differences).toEqual([]);
      }),
      { numRuns: 8 },
    );
  });
});
