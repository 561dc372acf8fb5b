/**
 * A prepaid club's rule (docs/architecture/money.md, "Prepaid"): a booking, or a move that costs
 * more, needs the credit on each paying member's account to cover what it adds. It is asked of the
 * lines a command would write, after the booking rules have passed, since what a move costs is the
 * difference only its new slot tells; the refusal says how much is missing: what
 * the member would owe afterwards.
 */
import { sumCents, type Cents } from '../../cents';
import type { Refusal } from '../../decider';
import { accountTexts, signedCents } from '../../money/account';
import type { AccountEvent } from '../../money/account-events';
import type { MoneyContext } from '../charges';

/**
 * The refusal when a member whose account the lines charge would owe the club afterwards; null
 * when every charged member's credit covers it, or the club is not prepaid. `nameOf` names a
 * member other than the one asking.
 */
export function uncoveredCharge(
  lines: readonly AccountEvent[],
  money: Pick<MoneyContext, 'payment' | 'balances'>,
  asking: string,
  nameOf: (userId: string) => string,
): Refusal | null {
  if (money.payment !== 'prepaid') return null;
  const added = new Map<string, Cents>();
  for (const line of lines)
    added.set(line.account_id, sumCents([added.get(line.account_id) ?? 0, signedCents(line)]));
  for (const [person, cents] of added) {
    if (cents <= 0) continue;
    const after = sumCents([money.balances.get(person) ?? 0, cents]);
    if (after <= 0) continue;
    return {
      kind: 'payment_required',
      message:
        person === asking ? accountTexts.notPaid(after) : accountTexts.notPaidBy(nameOf(person), after),
    };
  }
  return null;
}
