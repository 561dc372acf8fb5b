/** The private footer icon bar: home, list, account, and admin for admins only. */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { hostPaths } from '@platzbuchung/host/contract';
import { AccountIcon, AdminIcon, HomeIcon, ListIcon, RulesIcon } from './icons';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
}

/**
 * A member who is pending or inactive keeps home (their notice) and the account, nothing of the
 * club. `hasRules`: the club has written a Platzordnung, so the bar links it (for active members).
 */
export function FooterNav({
  isAdmin,
  isActive,
  hasRules = false,
}: {
  isAdmin: boolean;
  isActive: boolean;
  hasRules?: boolean;
}) {
  const items: NavItem[] = [
    { to: hostPaths.reservations, label: 'Platzplan', icon: <HomeIcon /> },
    ...(isActive ? [{ to: hostPaths.bookings, label: 'Meine Reservierungen', icon: <ListIcon /> }] : []),
    ...(isActive && hasRules
      ? [{ to: hostPaths.clubRules, label: 'Platzordnung', icon: <RulesIcon /> }]
      : []),
    { to: hostPaths.profile, label: 'Konto', icon: <AccountIcon /> },
    ...(isAdmin && isActive ? [{ to: hostPaths.admin, label: 'Verwaltung', icon: <AdminIcon /> }] : []),
  ];
  return (
    <nav className="footer-nav" aria-label="Hauptnavigation">
      <ul className="footer-nav__list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink className="footer-nav__link" to={item.to}>
              {item.icon}
              <span className="footer-nav__label">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
