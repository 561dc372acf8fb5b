/**
 * The admin area's tabs, one line each: its address (../shared/paths, where the features' links
 * find it too), its label and what it shows. The sub-navigation, the part a path opens and the
 * page's title all come from this table; a new tab is one line here and its path in paths.ts.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { HostContract } from '@platzbuchung/host/contract';
import type { Club } from '@platzbuchung/domain/types';
import { AsOf } from '../features/as-of/AsOf';
import { Blocks } from '../features/blocks/Blocks';
import { ClubSettings } from '../features/club-settings/ClubSettings';
import { EventLog } from '../features/event-log/EventLog';
import { Guests } from '../features/guests/Guests';
import { Kasse } from '../features/kasse/Kasse';
import { Members } from '../features/members/Members';
import { ClubMails } from '../features/club-mails/ClubMails';
import { kasseTexts } from '@platzbuchung/domain/money/kasse';
import { statsTexts } from '@platzbuchung/domain/stats/texts';
import { askStatsAhead } from '../features/stats/api';
import { adminPaths } from '../shared/paths';

/** Its own chunk: loaded when the tab is opened, never with the rest of the area. */
const Stats = lazy(() => import(/* webpackChunkName: "admin-stats" */ '../features/stats/Stats'));

/** What every tab may use: the host, the admin's club and user, and the members badge's setter. */
export interface TabProps {
  host: HostContract;
  club: Club;
  selfId: string;
  onPendingCount: (count: number) => void;
}

export interface AdminTab {
  path: string;
  label: string;
  show: (props: TabProps) => ReactNode;
}

export const adminTabs: readonly AdminTab[] = [
  { path: adminPaths.log, label: 'Ereignisprotokoll', show: (p) => <EventLog host={p.host} club={p.club} /> },
  { path: adminPaths.asOf, label: 'Stand am', show: (p) => <AsOf host={p.host} club={p.club} /> },
  { path: adminPaths.club, label: 'Verein', show: (p) => <ClubSettings host={p.host} club={p.club} /> },
  {
    path: adminPaths.members,
    label: 'Mitglieder',
    show: (p) => <Members club={p.club} selfId={p.selfId} onPendingCount={p.onPendingCount} />,
  },
  { path: adminPaths.blocks, label: 'Sperrungen', show: (p) => <Blocks club={p.club} /> },
  { path: adminPaths.notices, label: 'Benachrichtigungen', show: (p) => <ClubMails club={p.club} /> },
  { path: adminPaths.guests, label: 'Gäste', show: (p) => <Guests host={p.host} club={p.club} /> },
  { path: adminPaths.kasse, label: kasseTexts.tab, show: (p) => <Kasse host={p.host} club={p.club} /> },
  {
    path: adminPaths.stats,
    label: 'Auslastung',
    show: (p) => {
      // The figures are asked for beside the tab's code, not after it (features/stats/api.ts).
      const search = new URLSearchParams(p.host.location.search);
      if (!search.get('from') && !search.get('to')) askStatsAhead(p.club._id);
      return (
        <Suspense
          fallback={
            <p className="admin-status" role="status">
              {statsTexts.loading}
            </p>
          }
        >
          <Stats host={p.host} club={p.club} />
        </Suspense>
      );
    },
  },
];

/** The tab a path opens (a trailing slash is the same path), or undefined for an unknown one. */
export function tabAt(pathname: string): AdminTab | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return adminTabs.find((tab) => tab.path === path);
}
