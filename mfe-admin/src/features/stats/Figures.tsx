/** The figures beside the heatmap: hours per court, by kind, the top members, guests, call-offs. */
import { courtName } from '@platzbuchung/domain/courts';
import { fullName } from '@platzbuchung/domain/names';
import { statsKinds } from '@platzbuchung/domain/stats/facts';
import { statsTexts } from '@platzbuchung/domain/stats/texts';
import type { Club } from '@platzbuchung/domain/types';
import type { StatsAnswer } from './api';

const TOP_MEMBERS = 10;

export function CourtHours({ report, club }: { report: StatsAnswer; club: Club }) {
  const most = Math.max(1, ...report.courts.map((court) => court.booked + court.blocked));
  return (
    <section className="stats__panel" aria-labelledby="stats-courts">
      <h3 id="stats-courts">{statsTexts.courtsTitle}</h3>
      <ul className="stats__bars">
        {report.courts.map((court) => (
          <li key={court.court_num} className="stats__bar-row">
            <span className="stats__bar-label">{courtName(club, court.court_num)}</span>
            <span className="stats__bar" aria-hidden="true">
              <span className="stats__bar-fill" style={{ width: `${(100 * court.booked) / most}%` }} />
              <span
                className="stats__bar-fill stats__bar-fill--blocked"
                style={{ width: `${(100 * court.blocked) / most}%` }}
              />
            </span>
            <span className="stats__bar-value">
              {statsTexts.hours(court.booked)}
              {court.blocked > 0 && `, ${statsTexts.hours(court.blocked)} ${statsTexts.blocked}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function KindHours({ report }: { report: StatsAnswer }) {
  return (
    <section className="stats__panel" aria-labelledby="stats-kinds">
      <h3 id="stats-kinds">{statsTexts.kindsTitle}</h3>
      <dl className="stats__pairs">
        {[...statsKinds, 'block' as const].map((kind) => (
          <div key={kind}>
            <dt>{statsTexts.kinds[kind]}</dt>
            <dd>{statsTexts.hours(report.kinds[kind])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function TopMembers({ report }: { report: StatsAnswer }) {
  const top = report.members.slice(0, TOP_MEMBERS);
  return (
    <section className="stats__panel" aria-labelledby="stats-members">
      <h3 id="stats-members">{statsTexts.membersTitle}</h3>
      {top.length === 0 ? (
        <p className="admin-empty">{statsTexts.noMembers}</p>
      ) : (
        <table className="stats__table stats__table--members">
          <thead>
            <tr>
              <th scope="col">{statsTexts.member}</th>
              <th scope="col">{statsTexts.ownHours}</th>
              <th scope="col">{statsTexts.coPlayerHours}</th>
            </tr>
          </thead>
          <tbody>
            {top.map((member) => (
              <tr key={member.user_id}>
                <th scope="row">{fullName(member)}</th>
                <td>{statsTexts.hours(member.hours)}</td>
                <td>{statsTexts.hours(member.co_player_hours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function Guests({ report }: { report: StatsAnswer }) {
  return (
    <section className="stats__panel" aria-labelledby="stats-guests">
      <h3 id="stats-guests">{statsTexts.guestsTitle}</h3>
      <dl className="stats__pairs">
        <div>
          <dt>{statsTexts.guestHours}</dt>
          <dd>{statsTexts.hours(report.guests.guest_hours)}</dd>
        </div>
        <div>
          <dt>{statsTexts.guestFees}</dt>
          <dd>{statsTexts.euros(report.guests.fee_cents)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function Cancellations({ report }: { report: StatsAnswer }) {
  const { cancellations, released } = report;
  return (
    <section className="stats__panel" aria-labelledby="stats-cancellations">
      <h3 id="stats-cancellations">{statsTexts.cancellationsTitle}</h3>
      <p>{statsTexts.cancellationsSummary(cancellations.count, cancellations.hours)}</p>
      <dl className="stats__pairs">
        {cancellations.buckets.map((bucket) => (
          <div key={bucket.bucket}>
            <dt>{statsTexts.buckets[bucket.bucket]}</dt>
            <dd>{bucket.count}</dd>
          </div>
        ))}
      </dl>
      {cancellations.by_block > 0 && (
        <p className="admin-part__intro">{statsTexts.byBlock(cancellations.by_block)}</p>
      )}
      {released.no_shows > 0 && (
        <p className="admin-part__intro">{statsTexts.released(released.hours, released.no_shows)}</p>
      )}
    </section>
  );
}
