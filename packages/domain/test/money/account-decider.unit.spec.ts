import { describe, it } from 'vitest';
import { toCents } from '../../src/cents';
import {
  accountTexts,
  evolveAccount,
  initialAccountState,
  recordEntry,
  returnPayment,
  type RecordEntry,
  type ReturnPayment,
} from '../../src/money/account';
import type { AccountEvent } from '../../src/money/account-events';
import { deciderSpecification } from '../support/decider-specification';

const MEMBER = '00000000-0000-4000-8000-000000000001';
const TREASURER = { user_id: '00000000-0000-4000-8000-000000000002', role: 'admin' as const };
const ENTRY = '00000000-0000-4000-8000-00000000e001';

type Command = RecordEntry | ReturnPayment;

const account = deciderSpecification<Command, typeof initialAccountState, AccountEvent, null, AccountEvent>({
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: (command, state) =>
    command.type === 'RecordEntry' ? recordEntry(command, state) : returnPayment(command, state),
});

const entry = (kind: RecordEntry['kind'], cents: number, entry_id = ENTRY): RecordEntry => ({
  type: 'RecordEntry',
  account_id: MEMBER,
  entry_id,
  kind,
  cents: toCents(cents),
  text: ' Überweisung März ',
  actor: TREASURER,
  payment_id: entry_id,
  method: 'manual',
});

const paid: AccountEvent = {
  type: 'PaymentRecorded',
  account_id: MEMBER,
  data: { cents: 5000, text: 'Überweisung März', entry_id: ENTRY, payment_id: ENTRY, method: 'manual' },
};

describe('a member’s account', () => {
  describe('when the treasurer enters something', () => {
    it('a payment is recorded with its text trimmed', () => {
      account.given().when(entry('payment', 5000), null).then([paid]);
    });

    it('a credit and a charge are recorded as such', () => {
      account
        .given()
        .when(entry('credit', 300), null)
        .then([
          {
            type: 'AccountCredited',
            account_id: MEMBER,
            data: { cents: 300, text: 'Überweisung März', entry_id: ENTRY },
          },
        ]);
      account
        .given()
        .when(entry('charge', 1500), null)
        .then([
          {
            type: 'AccountCharged',
            account_id: MEMBER,
            data: { cents: 1500, text: 'Überweisung März', entry_id: ENTRY },
          },
        ]);
    });

    it('the same key a second time records nothing: a double click is one payment', () => {
      account.given(paid).when(entry('payment', 5000), null).then([]);
    });
  });

  describe('when a payment comes back', () => {
    const back = (fee: number): ReturnPayment => ({
      type: 'ReturnPayment',
      account_id: MEMBER,
      payment_id: ENTRY,
      fee_cents: toCents(fee),
      actor: TREASURER,
    });

    it('its amount and the bank’s fee are owed again', () => {
      account
        .given(paid)
        .when(back(350), null)
        .then([
          {
            type: 'PaymentReturned',
            account_id: MEMBER,
            data: {
              payment_id: ENTRY,
              cents: 5000,
              fee_cents: 350,
              text: accountTexts.returnText(5000, 350),
            },
          },
        ]);
    });

    it('a payment returned already is refused', () => {
      const returned: AccountEvent = {
        type: 'PaymentReturned',
        account_id: MEMBER,
        data: { payment_id: ENTRY, cents: 5000, fee_cents: 0, text: 'Rücklastschrift' },
      };
      account.given(paid, returned).when(back(0), null).thenFails('conflict', accountTexts.alreadyReturned);
    });

    it('a payment the account never had is not found', () => {
      account.given().when(back(0), null).thenFails('not_found', accountTexts.unknownPayment);
    });
  });
});
