/**
 * "Auslastung": how full the courts were in a range of days (the last four weeks at first). Loaded
 * with this tab only (app/Admin.tsx imports it lazily), so no other screen carries its code.
 */
import { useState } from 'react';
import { clubNow } from '@platzbuchung/domain/club-time';
import { statsTexts } from '@platzbuchung/domain/stats/texts';
import type { HostContract } from '@platzbuchung/host/contract';
import type { Club } from '@platzbuchung/domain/types';
import { DateField } from '@platzbuchung/ui/components/date-field';
import { LoadState } from '@platzbuchung/ui/components/load-state';
import { useResource } from '@platzbuchung/ui/data/use-resource';
import { useSearchParams } from '@platzbuchung/ui/search-params';
import { fetchStats, type StatsAnswer } from './api';
import { Cancellations, CourtHours, Guests, KindHours, TopMembers } from './Figures';
import { Heatmap } from './Heatmap';
import { HeatTable } from './HeatTable';
import './stats.css';

/** The range lives in the address (`?from=&to=`), so a board member can pass a link to a month on. */
export default function Stats({ host, club }: { host: HostContract; club: Club }) {
  const [search, setSearch] = useSearchParams(host);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return (
    <StatsOf
      key={`${from}:${to}`}
      club={club}
      from={from}
      to={to}
      onShow={(next) => setSearch(new URLSearchParams(next))}
    />
  );
}

function StatsOf({
  club,
  from,
  to,
  onShow,
}: {
  club: Club;
  from: string;
  to: string;
  onShow: (range: { from: string; to: string }) => void;
}) {
  const stats = useResource(fetchStats, { clubId: club._id, from, to });
  const report = stats.data;
  return (
    <div className="admin-part stats">
      <h2>{statsTexts.tab}</h2>
      <RangeForm
        key={report ? `${report.from}:${report.to}` : 'first'}
        today={clubNow(club.time_zone).date}
        shown={report ?? { from, to }}
        onShow={(from, to) => onShow({ from, to })}
      />
      <LoadState
        loading={stats.loading}
        loadingText={statsTexts.loading}
        failed={stats.failed}
        error={stats.error}
        onRetry={stats.retry}
      >
        {report && <Report report={report} club={club} />}
      </LoadState>
    </div>
  );
}

function RangeForm({
  today,
  shown,
  onShow,
}: {
  today: string;
  /** The range on screen, else the one asked for (empty for the default). */
  shown: { from: string; to: string };
  onShow: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(shown.from);
  const [to, setTo] = useState(shown.to);
  const backwards = from !== '' && to !== '' && to < from;
  return (
    <form
      className="stats__range"
      onSubmit={(event) => {
        event.preventDefault();
        if (!backwards) onShow(from, to);
      }}
    >
      <DateField
        className="field"
        id="stats-from"
        label={statsTexts.from}
        value={from}
        onChange={setFrom}
        today={today}
      />
      <DateField
        className="field"
        id="stats-to"
        label={statsTexts.to}
        value={to}
        onChange={setTo}
        today={today}
      />
      <button type="submit" className="button button--primary" disabled={backwards || !from || !to}>
        {statsTexts.show}
      </button>
      {backwards && (
        <p className="field__error" role="alert">
          {statsTexts.toBeforeFrom}
        </p>
      )}
    </form>
  );
}

function Report({ report, club }: { report: StatsAnswer; club: Club }) {
  const [tableShown, setTableShown] = useState(false);
  const { totals } = report;
  const percent = totals.capacity > 0 ? Math.round((100 * totals.booked) / totals.capacity) : 0;
  return (
    <div className="stats__report">
      <section className="stats__panel stats__panel--heat" aria-labelledby="stats-heat">
        <h3 id="stats-heat">{statsTexts.heatmapTitle}</h3>
        <p className="stats__total">{statsTexts.totals(totals.booked, totals.capacity, percent)}</p>
        {!tableShown && <Heatmap report={report} />}
        <HeatTable report={report} visible={tableShown} />
        <button
          type="button"
          className="button button--ghost stats__toggle"
          aria-controls="stats-heat-table"
          aria-expanded={tableShown}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? statsTexts.hideTable : statsTexts.showTable}
        </button>
      </section>
      <div className="stats__side">
        <CourtHours report={report} club={club} />
        <TopMembers report={report} />
        <KindHours report={report} />
        <Guests report={report} />
        <Cancellations report={report} />
      </div>
    </div>
  );
}
