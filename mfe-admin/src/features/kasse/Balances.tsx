/**
 * The section "Kontostände": every member with their e-mail and balance ("Offen: 21,00 €",
 * "Guthaben: 5,00 €" in words, not by colour), the club's sums of open amounts and of credit, the
 * filter "Nur offene", and the list as a spreadsheet. A member's name opens their account.
 */
import { useId } from 'react';
import { formatEuros } from '@platzbuchung/domain/cents';
import { accountTexts, balanceText } from '@platzbuchung/domain/money/account';
import { balanceSums, kasseTexts as t, type MemberBalance } from '@platzbuchung/domain/money/kasse';
import { fullName } from '@platzbuchung/domain/names';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';
import { LoadState } from '@platzbuchung/ui/components/load-state';
import { shownBalances } from './balances-machine';

interface BalancesProps {
  balances: MemberBalance[];
  onlyOpen: boolean;
  loading: boolean;
  refreshing: boolean;
  failed: boolean;
  error: string | null;
  csvHref: string;
  /** The member whose account is open, if any. */
  selected: string | null;
  /** The address that opens a member's account, so a name is a link. */
  memberHref: (userId: string) => string;
  onOpen: (userId: string) => void;
  onOnlyOpen: (value: boolean) => void;
  onRetry: () => void;
}

export function Balances(props: BalancesProps) {
  const id = useId();
  const { balances, onlyOpen, loading, refreshing, failed, error } = props;
  const shown = shownBalances({ balances, onlyOpen });
  const sums = balanceSums(balances);
  return (
    <section className="kasse-section kasse-balances" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t.balancesTitle}</h3>
      <LoadState
        loading={loading}
        loadingText={t.loading}
        failed={failed}
        error={error}
        onRetry={props.onRetry}
      >
        <div className="kasse-balances__tools">
          <div className="field field--checkbox">
            <div className="field__checkbox-row">
              <input
                className="field__checkbox"
                id={`${id}-only-open`}
                type="checkbox"
                checked={onlyOpen}
                onChange={(event) => props.onOnlyOpen(event.target.checked)}
              />
              <label className="field__label" htmlFor={`${id}-only-open`}>
                {t.onlyOpen}
              </label>
            </div>
          </div>
          <a className="button" href={props.csvHref} download>
            {t.download}
          </a>
        </div>
        <p className="admin-status" role="status">
          {refreshing ? t.refreshing : ''}
        </p>
        {error && !refreshing && <FailureNotice message={error} onRetry={props.onRetry} />}
        <p className="visually-hidden" role="status">
          {t.shown(shown.length)}
        </p>
        {shown.length === 0 ? (
          <p className="admin-empty">{onlyOpen ? t.noneOpen : t.noMembers}</p>
        ) : (
          <div className="kasse-scroll" tabIndex={0} role="region" aria-label={t.balancesCaption}>
            <table className="kasse-table kasse-balances__table">
              <caption className="visually-hidden">{t.balancesCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.name}</th>
                  <th scope="col" className="kasse-balances__email">
                    {t.email}
                  </th>
                  <th scope="col" className="kasse-table__amount">
                    {accountTexts.balance}
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((member) => (
                  <BalanceRow
                    key={member.user_id}
                    member={member}
                    selected={member.user_id === props.selected}
                    href={props.memberHref(member.user_id)}
                    onOpen={() => props.onOpen(member.user_id)}
                  />
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t.sumOpen}</th>
                  <td className="kasse-balances__email" />
                  <td className="kasse-table__amount">{formatEuros(sums.open)}</td>
                </tr>
                <tr>
                  <th scope="row">{t.sumCredit}</th>
                  <td className="kasse-balances__email" />
                  <td className="kasse-table__amount">{formatEuros(sums.credit)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </LoadState>
    </section>
  );
}

function BalanceRow({
  member,
  selected,
  href,
  onOpen,
}: {
  member: MemberBalance;
  selected: boolean;
  href: string;
  onOpen: () => void;
}) {
  const email = member.email ?? t.noEmail;
  return (
    <tr className={selected ? 'kasse-balances__selected' : undefined}>
      <td>
        <a
          href={href}
          aria-current={selected ? 'true' : undefined}
          onClick={(event) => {
            // A plain click opens the account here; a click that asks for a new tab goes there.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
              return;
            event.preventDefault();
            onOpen();
          }}
        >
          {fullName(member)}
        </a>
        {/* On a phone the address stands under the name, where the column has no room. */}
        <span className="kasse-balances__email-below">{email}</span>
      </td>
      <td className="kasse-balances__email">{email}</td>
      <td className="kasse-table__amount">{balanceText(member.balance_cents)}</td>
    </tr>
  );
}
