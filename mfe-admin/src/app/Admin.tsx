/**
 * The admin area (/admin and below): its own sub-navigation and one route per part. The shell
 * mounts it for admins only; every call it makes is refused by the API for anyone else anyway.
 */
import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteScreenProps } from '@platzbuchung/domain/host-contract';
import { texts } from '@platzbuchung/domain/texts';
import '@platzbuchung/ui/styles/forms.css';
import '../shared/admin.css';
import { AsOf } from '../features/as-of/AsOf';
import { Blocks } from '../features/blocks/Blocks';
import { ClubSettings } from '../features/club-settings/ClubSettings';
import { EventLog } from '../features/event-log/EventLog';
import { Members } from '../features/members/Members';
import { adminPaths, adminSections } from '../shared/paths';

export default function Admin({ host }: RemoteScreenProps) {
  const { club, auth } = host;
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
              <NavLink className="admin-tabs__link" to={section.to} end>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<EventLog club={club} />} />
        <Route path="stand" element={<AsOf club={club} />} />
        <Route path="verein" element={<ClubSettings host={host} club={club} />} />
        <Route path="mitglieder" element={<Members club={club} selfId={auth._id} />} />
        <Route path="sperrungen" element={<Blocks club={club} />} />
        <Route path="*" element={<Navigate to={adminPaths.log} replace />} />
      </Routes>
    </section>
  );
}
