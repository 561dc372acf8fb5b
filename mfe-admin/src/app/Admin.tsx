/**
 * The admin area (/admin and below): its own sub-navigation and one route per part. The shell
 * mounts it for admins only; every call it makes is refused by the API for anyone else anyway.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { RemoteScreenProps } from '@platzbuchung/domain/host-contract';
import { texts } from '@platzbuchung/domain/texts';
import '@platzbuchung/ui/styles/forms.css';
import '../shared/admin.css';
import { AsOf } from '../features/as-of/AsOf';
import { Blocks } from '../features/blocks/Blocks';
import { ClubSettings } from '../features/club-settings/ClubSettings';
import { EventLog } from '../features/event-log/EventLog';
import { Guests } from '../features/guests/Guests';
import { Members } from '../features/members/Members';
import { pendingCount } from '../features/members/members-machine';
import { Notices } from '../features/notices/Notices';
import { fetchMembers } from '../shared/members-api';
import { adminPaths, adminSections } from '../shared/paths';

/**
 * How many members wait for approval, for the badge beside "Mitglieder": loaded once with the
 * area, then kept by the members tab after each change. A failed load shows no badge.
 */
function usePendingMembers(clubId: string | undefined) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!clubId) return;
    const abort = new AbortController();
    fetchMembers(clubId, abort.signal).then(
      (members) => setCount(pendingCount(members)),
      () => undefined,
    );
    return () => abort.abort();
  }, [clubId]);
  return [count, setCount] as const;
}

export default function Admin({ host }: RemoteScreenProps) {
  const { club, auth } = host;
  const [waiting, setWaiting] = usePendingMembers(club?._id);
  if (!auth.value) return null;
  if (!club) {
    return (
      <div className="notice notice--error" role="alert">
        {texts.clubNotFound}
      </div>
    );
  }

  return (
    <section className="admin" aria-labelledby="admin-title">
      <h1 id="admin-title" className="admin__title">
        Verwaltung
      </h1>
      <nav className="admin-tabs" aria-label="Bereiche der Verwaltung">
        <ul className="admin-tabs__list">
          {adminSections.map((section) => (
            <li key={section.to}>
              <a
                className="admin-tabs__link"
                href={section.to}
                aria-current={host.location.pathname === section.to ? 'page' : undefined}
              >
                {section.label}
                {section.to === adminPaths.members && waiting > 0 && (
                  <span className="admin-tabs__count">
                    <span aria-hidden="true">{waiting}</span>
                    <span className="visually-hidden">
                      {waiting === 1 ? ', 1 wartet auf Freigabe' : `, ${waiting} warten auf Freigabe`}
                    </span>
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {partAt(host.location.pathname, {
        [adminPaths.log]: () => <EventLog host={host} club={club} />,
        [adminPaths.asOf]: () => <AsOf host={host} club={club} />,
        [adminPaths.club]: () => <ClubSettings host={host} club={club} />,
        [adminPaths.members]: () => <Members club={club} selfId={auth._id} onPendingCount={setWaiting} />,
        [adminPaths.blocks]: () => <Blocks club={club} />,
        [adminPaths.notices]: () => <Notices club={club} />,
        [adminPaths.guests]: () => <Guests host={host} club={club} />,
      }) ?? <GoTo host={host} to={adminPaths.log} />}
    </section>
  );
}

/** The part of the area a path shows; a trailing slash is the same path. */
function partAt(pathname: string, parts: Record<string, () => ReactNode>): ReactNode | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return parts[path]?.() ?? null;
}

/** An unknown path below /admin opens the event log, in place of the wrong address. */
function GoTo({ host, to }: RemoteScreenProps & { to: string }) {
  const { navigate } = host;
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
