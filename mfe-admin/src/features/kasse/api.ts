/** The treasurer's calls (services/api/src/routes/money.ts): balances, one member's lines, an entry by hand. */
import type { AccountEntryBody } from '@platzbuchung/domain/money/schemas';
import type { AccountLedger, MemberBalance } from '@platzbuchung/domain/money/kasse';
import { getJson, postJson } from '@platzbuchung/ui/api/client';
import { clubQuery } from '../../shared/admin-api';

export const fetchBalances = async (clubId: string, signal?: AbortSignal): Promise<MemberBalance[]> =>
  (await getJson<{ data: MemberBalance[] }>(`/api/admin/accounts?${clubQuery(clubId)}`, signal)).data;

/** A plain link the browser downloads: the file's name comes with the answer. */
export const balancesCsvHref = (clubId: string) => `/api/admin/accounts?${clubQuery(clubId)}&format=csv`;

const entriesPath = (clubId: string, userId: string) =>
  `/api/admin/accounts/${encodeURIComponent(userId)}/entries?${clubQuery(clubId)}`;

export const fetchLedger = (clubId: string, userId: string, signal?: AbortSignal) =>
  getJson<AccountLedger>(entriesPath(clubId, userId), signal);

/** What an entry answers: the confirmation and the member's account after it. */
export interface RecordedEntry extends AccountLedger {
  message: string;
}

/**
 * The entry as typed: `cents` is the text itself when it is no amount, so the API's schema answers
 * it in German under its field.
 */
export type EntryRequest = Omit<AccountEntryBody, 'cents'> & { cents: number | string };

export const recordEntry = (clubId: string, userId: string, body: EntryRequest) =>
  postJson<RecordedEntry>(entriesPath(clubId, userId), body);
