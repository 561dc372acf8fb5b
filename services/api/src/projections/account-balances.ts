/**
 * The members' accounts as read models (docs/architecture/money.md): `account_entries`, one signed
 * line per account event, and `account_balances`, each member's sum of them. An erased member's
 * lines stay, without a name (docs/privacy.md, "Money"): the club must keep its booking records.
 */
import type { Knex } from 'knex';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import { signedCents } from '@platzbuchung/domain/money/account';
import { accountEventTypes, type AccountEvent } from '@platzbuchung/domain/money/account-events';
import type { Projection, ProjectionDifference } from './projection';

const ENTRIES = 'account_entries';
const BALANCES = 'account_balances';

interface EntryRow {
  position: number;
  club_id: string;
  user_id: string;
  occurred_at: string;
  kind: 'charge' | 'credit' | 'payment' | 'return';
  cents: number;
  text: string;
  reservation_id: string | null;
  payment_id: string | null;
  entry_id: string | null;
}

const KINDS = {
  AccountCharged: 'charge',
  AccountCredited: 'credit',
  PaymentRecorded: 'payment',
  PaymentReturned: 'return',
} as const satisfies Record<AccountEvent['type'], EntryRow['kind']>;

function entryOf(event: EventEnvelope<AccountEvent>): EntryRow {
  const { data } = event;
  return {
    position: event.position,
    club_id: event.club_id,
    user_id: event.account_id,
    occurred_at: event.occurred_at,
    kind: KINDS[event.type],
    cents: signedCents(event),
    text: data.text,
    reservation_id: 'reservation_id' in data ? (data.reservation_id ?? null) : null,
    payment_id: 'payment_id' in data ? data.payment_id : null,
    entry_id: 'entry_id' in data ? (data.entry_id ?? null) : null,
  };
}

/** Each member's balance from their lines, in the lines' order of first appearance. */
function balancesOf(entries: readonly EntryRow[]) {
  const balances = new Map<string, { user_id: string; club_id: string; balance_cents: number }>();
  for (const entry of entries) {
    const known = balances.get(entry.user_id) ?? {
      user_id: entry.user_id,
      club_id: entry.club_id,
      balance_cents: 0,
    };
    balances.set(entry.user_id, { ...known, balance_cents: known.balance_cents + entry.cents });
  }
  return [...balances.values()];
}

/**
 * The new lines and what they add to each balance, in one statement: a booking's charge is on the
 * path of every booking in a club that charges, so it costs one round trip, not one per table.
 */
const APPLY = `WITH added AS (
    INSERT INTO ${ENTRIES} SELECT * FROM jsonb_populate_recordset(NULL::${ENTRIES}, ?::jsonb)
    RETURNING user_id, club_id, cents)
  INSERT INTO ${BALANCES} (user_id, club_id, balance_cents)
  SELECT user_id, club_id, sum(cents) FROM added GROUP BY user_id, club_id
  ON CONFLICT (user_id) DO UPDATE SET balance_cents = ${BALANCES}.balance_cents + EXCLUDED.balance_cents`;

async function applyAll(trx: Knex.Transaction, events: readonly EventEnvelope[]): Promise<void> {
  const entries = (events as EventEnvelope<AccountEvent>[]).map(entryOf);
  if (entries.length) await trx.raw(APPLY, [JSON.stringify(entries)]);
}

/** Every line the log holds, in its order. */
async function foldAll(trx: Knex.Transaction): Promise<EntryRow[]> {
  const { rows } = await trx.raw(
    `SELECT position, stream_id, type, data, club_id, occurred_at FROM events
     WHERE stream_type = 'account' ORDER BY position`,
  );
  return (
    rows as {
      position: string;
      stream_id: string;
      type: string;
      data: never;
      club_id: string;
      occurred_at: Date;
    }[]
  ).map((row) =>
    entryOf({
      ...row,
      position: Number(row.position),
      account_id: row.stream_id,
      occurred_at: row.occurred_at.toISOString(),
    } as unknown as EventEnvelope<AccountEvent>),
  );
}

async function insertAll(trx: Knex.Transaction, table: string, rows: readonly object[]): Promise<void> {
  if (rows.length) await trx.batchInsert(table, rows as object[], 1000).transacting(trx);
}

/** Rows of a live table that its rebuilt copy lacks, or the other way round, keyed by `key`. */
async function differences(
  trx: Knex.Transaction,
  table: string,
  key: string,
): Promise<ProjectionDifference[]> {
  const { rows } = await trx.raw(`
    WITH live_only AS (SELECT * FROM ${table} EXCEPT SELECT * FROM ${table}_rebuilt),
         rebuilt_only AS (SELECT * FROM ${table}_rebuilt EXCEPT SELECT * FROM ${table})
    SELECT coalesce(l.${key}, r.${key})::text AS id, to_jsonb(l) AS live, to_jsonb(r) AS rebuilt
    FROM live_only l FULL JOIN rebuilt_only r ON l.${key} = r.${key} ORDER BY 1`);
  return rows as ProjectionDifference[];
}

export const accountBalancesProjection: Projection = {
  name: 'account-balances',
  handles: accountEventTypes,
  tables: [ENTRIES, BALANCES],
  apply: applyAll,
  async rebuild(trx) {
    const entries = await foldAll(trx);
    await trx(ENTRIES).delete();
    await trx(BALANCES).delete();
    await insertAll(trx, ENTRIES, entries);
    await insertAll(trx, BALANCES, balancesOf(entries));
    return entries.length;
  },
  async verify(trx) {
    const entries = await foldAll(trx);
    for (const table of [ENTRIES, BALANCES]) {
      await trx.raw(`CREATE TEMP TABLE ${table}_rebuilt (LIKE ${table} INCLUDING DEFAULTS) ON COMMIT DROP`);
    }
    await insertAll(trx, `${ENTRIES}_rebuilt`, entries);
    await insertAll(trx, `${BALANCES}_rebuilt`, balancesOf(entries));
    return {
      rows: entries.length,
      differences: [
        ...(await differences(trx, ENTRIES, 'position')),
        ...(await differences(trx, BALANCES, 'user_id')),
      ],
    };
  },
};
