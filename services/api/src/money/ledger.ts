/**
 * A member's account as the screens read it (docs/architecture/money.md): the member's own lines
 * and balance ("Mein Konto"), every member's balance for the treasurer ("Kasse"), and the part of
 * the member's data export that is their account.
 */
import type {
  AccountLedger as Ledger,
  AccountLine as LedgerLine,
  MemberBalance,
} from '@platzbuchung/domain/money/kasse';
import type { Db } from '../db/connect';
import type { OwnStreamSection, ExportedEvent } from '../accounts/export-section';

interface LineRow extends Omit<LedgerLine, 'occurred_at' | 'position' | 'cents'> {
  position: string;
  occurred_at: Date;
  cents: string;
}

/** A member's lines as the screens and the export show them, in the order asked. */
async function linesOf(
  db: Db,
  where: { user_id: string; club_id?: string },
  order: 'asc' | 'desc',
): Promise<LedgerLine[]> {
  const rows: LineRow[] = await db('account_entries')
    .where(where)
    .orderBy('position', order)
    .select('position', 'occurred_at', 'kind', 'text', 'cents', 'reservation_id', 'payment_id');
  return rows.map((row) => ({
    ...row,
    position: Number(row.position),
    occurred_at: row.occurred_at.toISOString(),
    cents: Number(row.cents),
  }));
}

const balanceOf = (lines: readonly LedgerLine[]) => lines.reduce((sum, line) => sum + line.cents, 0);

/** The member's lines, newest first, and their balance (0 for an account without lines). */
export async function ledgerOf(db: Db, clubId: string, userId: string): Promise<Ledger> {
  const data = await linesOf(db, { club_id: clubId, user_id: userId }, 'desc');
  return { balance_cents: balanceOf(data), data };
}

/**
 * Every member of the club with their balance, and every account an erased member left with
 * lines (nameless): the treasurer's list, by name.
 */
export async function clubBalances(db: Db, clubId: string): Promise<MemberBalance[]> {
  const { rows } = await db.raw(
    `SELECT coalesce(u.id, b.user_id) AS user_id, u.first_name, u.last_name, u.email,
            coalesce(b.balance_cents, 0)::bigint AS balance_cents
     FROM (SELECT id, first_name, last_name, email FROM users WHERE club_id = :club) u
     FULL JOIN (SELECT user_id, balance_cents FROM account_balances WHERE club_id = :club) b ON b.user_id = u.id
     ORDER BY u.last_name NULLS LAST, u.first_name, 1`,
    { club: clubId },
  );
  return (rows as (Omit<MemberBalance, 'balance_cents'> & { balance_cents: string })[]).map((row) => ({
    ...row,
    balance_cents: Number(row.balance_cents),
  }));
}

/** The member's export lists their account: the balance, every line, and every event of it. */
export const accountExport: OwnStreamSection<{
  balance_cents: number;
  lines: Omit<LedgerLine, 'position'>[];
  history: ExportedEvent[];
}> = {
  streamType: 'account',
  opening: null,
  section: async (db, userId, events, exported) => {
    const lines = await linesOf(db, { user_id: userId }, 'asc');
    return {
      balance_cents: balanceOf(lines),
      lines: lines.map(({ position: _position, ...line }) => line),
      history: events.map(exported),
    };
  },
};
