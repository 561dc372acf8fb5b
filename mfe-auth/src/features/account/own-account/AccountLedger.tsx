/**
 * "Kontoauszug" in Konto (docs/architecture/money.md): the member's balance and every line of their
 * account, newest first, with the day, what it was for and the amount. A club that charges nothing
 * leaves the account empty, and the section is not shown at all.
 */
import { useId } from 'react';
import { formatEuros } from '@platzbuchung/domain/cents';
import { formatDayDe, wallClockOf } from '@platzbuchung/domain/dates';
import { accountTexts, balanceText } from '@platzbuchung/domain/money/account';
import type { AccountLedger } from '@platzbuchung/domain/money/kasse';
import { getJson } from '@platzbuchung/ui/api/client';
import { LoadState } from '@platzbuchung/ui/components/load-state';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import './account-ledger.css';

const loadLedger = (clubId: string, signal: AbortSignal) =>
  getJson<AccountLedger>(accountTexts.ledgerPath(clubId), signal);

export function AccountLedger({ clubId, timeZone }: { clubId: string; timeZone: string }) {
  const id = useId();
  const ledger = useResource(loadLedger, clubId);
  const lines = ledger.data?.data ?? [];
  if (ledger.data && lines.length === 0) return null;
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-section__title">
        {accountTexts.title}
      </h2>
      <LoadState
        loading={ledger.loading}
        loadingText={accountTexts.loading}
        failed={ledger.failed}
        error={ledger.error}
        onRetry={ledger.retry}
        statusClassName="account-section__hint"
      >
        <p className="account-ledger__balance">
          {accountTexts.balance}: <strong>{balanceText(ledger.data?.balance_cents ?? 0)}</strong>
        </p>
        <p className="account-section__hint">{accountTexts.hint}</p>
        <table className="account-ledger">
          <thead>
            <tr>
              <th scope="col">{accountTexts.date}</th>
              <th scope="col">{accountTexts.text}</th>
              <th scope="col" className="account-ledger__amount">
                {accountTexts.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.position}>
                <td>{formatDayDe(wallClockOf(new Date(line.occurred_at), timeZone).date)}</td>
                <td>{line.text}</td>
                <td className="account-ledger__amount">{formatEuros(line.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </LoadState>
    </section>
  );
}
