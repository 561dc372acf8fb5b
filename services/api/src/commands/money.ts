/** A member's account's commands for the generic handler (./handle): the stream is the member's account. */
import type { Knex } from 'knex';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import {
  evolveAccount,
  initialAccountState,
  recordEntry,
  returnPayment,
  type AccountState,
  type RecordEntry,
  type ReturnPayment,
} from '@platzbuchung/domain/money/account';
import type { AccountEvent } from '@platzbuchung/domain/money/account-events';
import { foldStream, type CommandDefinition } from './definition';

const loadAccount = (db: Knex, streamId: string) =>
  foldStream<AccountState, EventEnvelope<AccountEvent>>(
    db,
    'account',
    streamId,
    initialAccountState,
    evolveAccount,
  );

export const recordEntryCommand: CommandDefinition<RecordEntry, AccountState, null, AccountEvent> = {
  streamType: 'account',
  streamId: (command) => command.account_id,
  loadState: loadAccount,
  loadContext: async () => null,
  decide: (command, state) => recordEntry(command, state),
};

export const returnPaymentCommand: CommandDefinition<ReturnPayment, AccountState, null, AccountEvent> = {
  streamType: 'account',
  streamId: (command) => command.account_id,
  loadState: loadAccount,
  loadContext: async () => null,
  decide: (command, state) => returnPayment(command, state),
};
