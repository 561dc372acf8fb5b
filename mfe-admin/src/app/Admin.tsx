/**
 * The admin area (/admin and below): its own sub-navigation and one route per part. The shell
 * mounts it for admins only; every call it makes is refused by the API for anyone else anyway.
 */
import { useEffect, useState } from 'react';
import type { RemoteScreenProps } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import '@platzbuchung/ui/styles/forms.css';
import '../shared/admin.css';
import { pendingCount } from '../features/members/members-machine';
import { fetchMembers } from '../shared/members-api';
import { adminPaths } from '../shared/paths';
import { adminTabs, tabAt } from './tabs';

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
  const shown = tabAt(host.location.pathname);
  // Each tab names itself in the page's title, so history and bookmarks tell them apart.
  useEffect(() => {
    if (shown) document.title = `${shown.label} – Verwaltung – ${texts.productName}`;
  }, [shown]);
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
          {adminTabs.map((tab) => (
            <li key={tab.path}>
              <a
                className="admin-tabs__link"
                href={tab.path}
                aria-current={tab === shown ? 'page' : undefined}
              >
                {tab.label}
                {tab.path === adminPaths.members && waiting > 0 && (
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
      {shown ? (
        shown.show({ host, club, selfId: auth._id, onPendingCount: setWaiting })
      ) : (
        <GoTo host={host} to={adminPaths.log} />
      )}
    </section>
  );
}

/** An unknown path below /admin opens the event log, in place of the wrong address. */
function GoTo({ host, to }: RemoteScreenProps & { to: string }) {
  const { navigate } = host;
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
