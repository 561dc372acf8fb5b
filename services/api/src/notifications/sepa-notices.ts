/**
 * The SEPA pre-notification (docs/architecture/money.md, "SEPA direct debit"): each direct debit a
 * collection records is announced to its member with its amount and day, once, however often the
 * subscription hands the event over (the outbox keys it by event position, member and kind).
 */
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { PaymentRecorded } from '@platzbuchung/domain/money/account-events';
import type { SepaCreditor } from '@platzbuchung/domain/schemas';
import { debitOf } from '../sepa/collections';
import { ruleSet, type Notice, type NoticeContext } from './booking-facts';

async function preNotification(
  event: EventEnvelope,
  { db }: NoticeContext,
): Promise<Notice<'sepa-pre-notification'>[]> {
  const payment = event as EventEnvelope<PaymentRecorded>;
  if (payment.data.method !== 'sepa') return [];
  const debit = await debitOf(db, event.club_id, payment.data.payment_id);
  const club: { name: string; sepa: SepaCreditor | null } | undefined = await db('clubs')
    .where({ id: event.club_id })
    .first('name', 'sepa');
  if (!debit || !club?.sepa) return [];
  return [
    {
      userId: debit.user_id,
      facts: {
        kind: 'sepa-pre-notification',
        clubName: club.name,
        cents: Number(debit.cents),
        date: debit.collection_date,
        mandateReference: debit.mandate_reference,
        creditorId: club.sepa.creditor_id,
      },
    },
  ];
}

/** A collected direct debit tells its member beforehand (./notices names this set). */
export const sepaRules = ruleSet(['sepa-pre-notification'], { PaymentRecorded: preNotification });
