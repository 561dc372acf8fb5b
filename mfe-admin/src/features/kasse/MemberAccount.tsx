/**
 * The section of one member's account: the balance in words, every line (day, kind, text, amount,
 * the reservation's history where a booking caused it) and the form "Zahlung erfassen". Opening a
 * member moves the focus to this section's heading, so a keyboard and a phone land on it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { formatEuros } from '@platzbuchung/domain/cents';
import { formatDayDe, wallClockOf } from '@platzbuchung/domain/dates';
import { accountTexts, balanceText } from '@platzbuchung/domain/money/account';
import { kasseTexts as t, type AccountLedger, type AccountLine } from '@platzbuchung/domain/money/kasse';
import { randomKey } from '@platzbuchung/ui/api/client';
import { LoadState } from '@platzbuchung/ui/components/load-state';
import { withQuery } from '@platzbuchung/ui/search-params';
import { adminPaths } from '../../shared/paths';
import { fetchLedger, recordEntry, type EntryRequest, type RecordedEntry } from './api';
import { EntryForm } from './EntryForm';
import { memberAccountMachine } from './member-account-machine';

interface MemberAccountProps {
  clubId: string;
  timeZone: string;
  userId: string;
  /** "Steffi Graf", the words for an erased member, or null while the list is not there yet. */
  name: string | null;
  /** The page reloads the balances after an entry. */
  onRecorded: () => void;
  onClose: () => void;
}

export function MemberAccount({ clubId, timeZone, userId, name, onRecorded, onClose }: MemberAccountProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const reported = useRef(onRecorded);
  useEffect(() => {
    reported.current = onRecorded;
  });
  const [machine] = useState(() =>
    memberAccountMachine.provide({
      actors: {
        loadLedger: fromPromise<AccountLedger>(({ signal }) => fetchLedger(clubId, userId, signal)),
        record: fromPromise<RecordedEntry, EntryRequest>(({ input }) => recordEntry(clubId, userId, input)),
      },
      actions: { reportRecorded: () => reported.current() },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { newKey: randomKey } });
  const { ledger, values, fieldErrors, formError, message, error } = snapshot.context;

  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="kasse-section kasse-member" aria-labelledby={`${id}-title`}>
      <div className="kasse-section__head">
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {name === null ? t.memberTitleUnnamed : t.memberTitle(name)}
        </h3>
        <button type="button" className="button" onClick={onClose}>
          {t.backToList}
        </button>
      </div>
      <LoadState
        loading={snapshot.hasTag('loading')}
        loadingText={t.ledgerLoading}
        failed={snapshot.matches('loadFailed')}
        error={error}
        onRetry={() => send({ type: 'ledger.retry' })}
      >
        {ledger && (
          <>
            <p className="kasse-member__balance">
              {accountTexts.balance}: <strong>{balanceText(ledger.balance_cents)}</strong>
            </p>
            <div aria-live="polite">
              {message && (
                <div className="notice notice--success" role="status">
                  {message} {t.newBalance}: {balanceText(ledger.balance_cents)}
                </div>
              )}
            </div>
            <EntryForm
              values={values}
              errors={fieldErrors}
              formError={formError}
              sending={snapshot.hasTag('sending')}
              onChange={(field, value) => send({ type: 'field.change', name: field, value })}
              onSubmit={() => send({ type: 'form.submit' })}
            />
            <Lines lines={ledger.data} timeZone={timeZone} />
          </>
        )}
      </LoadState>
    </section>
  );
}

function Lines({ lines, timeZone }: { lines: AccountLine[]; timeZone: string }) {
  if (lines.length === 0) return <p className="admin-empty">{t.noLines}</p>;
  return (
    // Focusable, so a keyboard scrolls a table wider than a phone.
    <div className="kasse-scroll" tabIndex={0} role="region" aria-label={t.linesCaption}>
      <table className="kasse-table">
        <caption className="visually-hidden">{t.linesCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{accountTexts.date}</th>
            <th scope="col">{accountTexts.text}</th>
            <th scope="col" className="kasse-table__amount">
              {accountTexts.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.position}>
              <td>{formatDayDe(wallClockOf(new Date(line.occurred_at), timeZone).date)}</td>
              <td className="kasse-table__text">
                {/* The kind in words above the text, so the sign is not the only clue. */}
                <span className="kasse-line__kind">{t.kinds[line.kind]}</span>
                <span className="kasse-line__text">{line.text}</span>
                {line.reservation_id && (
                  <a
                    className="kasse-line__reservation"
                    href={withQuery(
                      adminPaths.log,
                      new URLSearchParams({ reservierung: line.reservation_id }),
                    )}
                    aria-label={t.reservationLinkLabel(line.text)}
                  >
                    {t.reservationLink}
                  </a>
                )}
              </td>
              <td className="kasse-table__amount">{formatEuros(line.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
