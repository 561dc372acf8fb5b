/** The private footer icon bar: home, list, account, and admin for admins only. */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { hostPaths } from '@platzbuchung/domain/host-contract';
import { AccountIcon, AdminIcon, HomeIcon, ListIcon, RulesIcon } from './icons';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
}

/** `hasRules`: the club has written a Platzordnung, so the bar links it. */
export function FooterNav({ isAdmin, hasRules = false }: { isAdmin: boolean; hasRules?: boolean }) {
  const items: NavItem[] = [
    { to: hostPaths.reservations, label: 'Platzplan', icon: <HomeIcon /> },
    { to: hostPaths.bookings, label: 'Meine Buchungen', icon: <ListIcon /> },
    ...(hasRules ? [{ to: hostPaths.clubRules, label: 'Platzordnung', icon: <RulesIcon /> }] : []),
    { to: hostPaths.profile, label: 'Konto', icon: <AccountIcon /> },
    ...(isAdmin ? [{ to: hostPaths.admin, label: 'Verwaltung', icon: <AdminIcon /> }] : []),
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
