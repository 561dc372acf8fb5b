/**
 * A member's account as the screens read it (docs/architecture/money.md): the member's own lines
 * and balance ("Mein Konto"), every member's balance for the treasurer ("Kasse"), and the part of
 * the member's data export that is their account.
 */
import type { Db } from '../db/connect';
import type { OwnStreamSection, ExportedEvent } from '../accounts/export-section';

/** One line of an account as a screen shows it: when, what for, how much (signed), which booking. */
export interface LedgerLine {
  position: number;
  occurred_at: string;
  kind: 'charge' | 'credit' | 'payment' | 'return';
  text: string;
  cents: number;
  reservation_id: string | null;
  payment_id: string | null;
}

export interface Ledger {
  balance_cents: number;
  data: LedgerLine[];
}

interface LineRow extends Omit<LedgerLine, 'occurred_at' | 'position' | 'cents'> {
  position: string;
  occurred_at: Date;
  cents: string;
}

/** The member's lines, newest first, and their balance (0 for an account without lines). */
export async function ledgerOf(db: Db, clubId: string, userId: string): Promise<Ledger> {
  const rows: LineRow[] = await db('account_entries')
    .where({ club_id: clubId, user_id: userId })
    .orderBy('position', 'desc')
    .select('position', 'occurred_at', 'kind', 'text', 'cents', 'reservation_id', 'payment_id');
  const data = rows.map((row) => ({
    ...row,
    position: Number(row.position),
    occurred_at: row.occurred_at.toISOString(),
    cents: Number(row.cents),
  }));
  return { balance_cents: data.reduce((sum, line) => sum + line.cents, 0), data };
}

/** One member's balance as the treasurer's list shows it. */
export interface MemberBalance {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  balance_cents: number;
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
    const rows: LineRow[] = await db('account_entries')
      .where({ user_id: userId })
      .orderBy('position')
      .select('position', 'occurred_at', 'kind', 'text', 'cents', 'reservation_id', 'payment_id');
    const lines = rows.map(({ position: _position, ...row }) => ({
      ...row,
      occurred_at: row.occurred_at.toISOString(),
      cents: Number(row.cents),
    }));
    return {
      balance_cents: lines.reduce((sum, line) => sum + line.cents, 0),
      lines,
      history: events.map(exported),
    };
  },
};
