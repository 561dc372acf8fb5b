/**
 * "Gäste": the treasurer's list of guests and their fees within a date range, with the sums per
 * member and the same list as a spreadsheet. The range lives in the address (`?from=&to=`), so a
 * link opens the same month.
 */
import { useState } from 'react';
import { clubNow } from '@platzbuchung/domain/club-time';
import { formatDayDe, isIsoDate } from '@platzbuchung/domain/dates';
import { defaultFiguresRange } from '@platzbuchung/domain/stats/range';
import { guestsTexts as t } from '@platzbuchung/domain/exports/texts';
import type { GuestList } from '@platzbuchung/domain/exports/guest-list';
import { euroAmount } from '@platzbuchung/domain/cents';
import type { RemoteScreenProps } from '@platzbuchung/host/contract';
import { fullName } from '@platzbuchung/domain/names';
import { courtName } from '@platzbuchung/domain/courts';
import type { Club } from '@platzbuchung/domain/types';
import { DateField } from '@platzbuchung/ui/components/date-field';
import { LoadState } from '@platzbuchung/ui/components/load-state';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { useSearchParams } from '@platzbuchung/ui/search-params';
import { fetchGuests, guestsCsvHref, type GuestRange } from './api';

export function Guests({ host, club }: RemoteScreenProps & { club: Club }) {
  const [params, setParams] = useSearchParams(host);
  // The same first range as "Auslastung", so both screens open on the same sums.
  const fallback = defaultFiguresRange(clubNow(club.time_zone).date);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range: GuestRange = isIsoDate(from) && isIsoDate(to) ? { from, to } : fallback;

  return (
    <div className="admin-part guests">
      <h2>{t.title}</h2>
      <p className="admin-part__intro">{t.intro}</p>
      <RangeForm
        key={`${range.from}/${range.to}`}
        range={range}
        onShow={(next) => setParams(new URLSearchParams({ from: next.from, to: next.to }))}
      />
      {/* A new range is a new list: keyed, so it loads afresh. */}
      <GuestData key={`${range.from}/${range.to}`} club={club} range={range} />
    </div>
  );
}

function GuestData({ club, range }: { club: Club; range: GuestRange }) {
  const clubId = club._id;
  const list = useResource((wanted: GuestRange, signal) => fetchGuests(clubId, wanted, signal), range);
  return (
    <LoadState
      loading={list.loading}
      loadingText={t.loading}
      failed={list.failed}
      error={list.error}
      onRetry={list.retry}
    >
      {list.data && (
        <GuestTables
          list={list.data}
          csvHref={guestsCsvHref(clubId, range)}
          courts={(court) => courtName(club, court)}
        />
      )}
    </LoadState>
  );
}

function RangeForm({ range, onShow }: { range: GuestRange; onShow: (range: GuestRange) => void }) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  return (
    <form
      className="guests__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (isIsoDate(from) && isIsoDate(to)) onShow({ from, to });
      }}
    >
      <fieldset className="form__fieldset">
        <legend>{t.range}</legend>
        <div className="form__row">
          <DateField
            className="field"
            id="guests-from"
            label={t.from}
            value={from}
            onChange={setFrom}
            max={to}
          />
          <DateField className="field" id="guests-to" label={t.to} value={to} onChange={setTo} min={from} />
        </div>
      </fieldset>
      <button type="submit" className="button button--primary">
        {t.show}
      </button>
    </form>
  );
}

function GuestTables({
  list,
  csvHref,
  courts,
}: {
  list: GuestList;
  csvHref: string;
  /** What the club calls each court (`courtName`). */
  courts: (court: string) => string;
}) {
  return (
    <>
      <p>
        <a className="button" href={csvHref} download>
          {t.download}
        </a>
      </p>
      {list.upcoming_fee_cents > 0 && (
        <p className="guests__split">
          {t.total}: {euroAmount(list.total_fee_cents)} € ·{' '}
          {t.upcomingTotal(euroAmount(list.upcoming_fee_cents))}
        </p>
      )}
      {list.data.length === 0 ? (
        <p className="admin-status">{t.empty}</p>
      ) : (
        // Focusable, so a keyboard scrolls a table wider than a phone.
        <div className="guests__scroll" tabIndex={0} role="region" aria-label={t.listCaption}>
          <table className="guests__table">
            <caption className="visually-hidden">{t.listCaption}</caption>
            <thead>
              <tr>
                <th scope="col">Datum</th>
                <th scope="col">Stunden</th>
                <th scope="col">Platz</th>
                <th scope="col">Mitglied</th>
                <th scope="col">Gast</th>
                <th scope="col" className="guests__amount">
                  Gebühr
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((row, index) => (
                <tr
                  key={`${row.date}-${row.court_num}-${index}`}
                  className={row.played ? undefined : 'guests__upcoming'}
                >
                  <td>
                    {formatDayDe(row.date)}
                    {!row.played && <span className="guests__not-played">{t.notYetPlayed}</span>}
                  </td>
                  <td>{row.hours}</td>
                  <td>{courts(row.court_num)}</td>
                  <td>{fullName(row.member)}</td>
                  <td>{row.guest_name}</td>
                  <td className="guests__amount">{euroAmount(row.fee_cents)} €</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.totals.length > 0 && (
        <>
          <h3>{t.totalsTitle}</h3>
          <div className="guests__scroll" tabIndex={0} role="region" aria-label={t.totalsCaption}>
            <table className="guests__table">
              <caption className="visually-hidden">{t.totalsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">Mitglied</th>
                  <th scope="col">Gaststunden</th>
                  <th scope="col" className="guests__amount">
                    Gebühren
                  </th>
                  <th scope="col" className="guests__amount">
                    {t.upcomingColumn}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.totals.map((total) => (
                  <tr key={total.user_id}>
                    <td>{fullName(total)}</td>
                    <td>{total.guest_hours}</td>
                    <td className="guests__amount">{euroAmount(total.fee_cents)} €</td>
                    <td className="guests__amount">{euroAmount(total.upcoming_fee_cents)} €</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t.total}</th>
                  <td>{list.totals.reduce((sum, total) => sum + total.guest_hours, 0)}</td>
                  <td className="guests__amount">{euroAmount(list.total_fee_cents)} €</td>
                  <td className="guests__amount">{euroAmount(list.upcoming_fee_cents)} €</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </>
  );
}
