/**
 * Public layout (product name and tagline) for logged-out users, private layout (club name and
 * the footer icon bar) for logged-in ones. The choice follows the session, not the route, so the
 * Impressum, the privacy notice and 'Not found' look right for both.
 */
import type { MouseEvent } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { hostPaths } from '@platzbuchung/host/contract';
import { routeAt } from '@platzbuchung/host/routes';
import * as texts from '@platzbuchung/domain/texts';
import { SessionContext } from '../session/session-context';
import type { NavigationState } from '../app/use-host';
import { FooterNav } from './FooterNav';
import { clickedLink, inAppDestination } from './in-app-links';

export function Layout() {
  const auth = SessionContext.useSelector((s) => s.context.auth);
  const clubs = SessionContext.useSelector((s) => s.context.clubs);
  const club = auth.value ? clubs.find((c) => c._id === auth.club_id) : undefined;
  const navigate = useNavigate();
  const wide = routeAt(useLocation().pathname)?.wide;
  const followInAppLink = (event: MouseEvent) => {
    const to = inAppDestination(event, clickedLink(event.target), new URL(window.location.href));
    if (to === null) return;
    event.preventDefault();
    navigate(to);
  };

  return (
    <div className={auth.value ? 'layout layout--private' : 'layout layout--public'}>
      <a className="skip-link" href="#main">
        Zum Inhalt springen
      </a>
      {auth.value ? (
        <header className="app-header app-header--private">
          <p className="app-header__title">{club?.name ?? texts.productName}</p>
        </header>
      ) : (
        <header className="app-header">
          <Link className="app-header__title" to={hostPaths.landing}>
            {texts.productName}
          </Link>
          <p className="app-header__tagline">{texts.tagline}</p>
        </header>
      )}
      {/* Remotes' links are plain anchors; the shell follows them (./in-app-links.ts). Enter on a
          link fires a click too, so the keyboard path is the same. */}
      <main
        className={wide ? 'app-main app-main--wide' : 'app-main'}
        id="main"
        tabIndex={-1}
        onClick={followInAppLink}
      >
        <FlashNotice />
        <Outlet />
      </main>
      {auth.value && club ? (
        <FooterNav
          isAdmin={auth.role === 'admin'}
          isActive={auth.status === 'active'}
          hasRules={club.has_rules}
        />
      ) : (
        !auth.value && (
          <footer className="app-footer">
            <Link to={hostPaths.impressum}>Impressum</Link>
            <Link to={hostPaths.privacy}>Datenschutz</Link>
          </footer>
        )
      )}
    </div>
  );
}

/** A one-time confirmation handed over with a navigation (registered, logged out, ...). */
function FlashNotice() {
  const { state } = useLocation() as { state: NavigationState | null };
  if (!state?.notice) return null;
  return (
    <div className="notice notice--success" role="status">
      {state.notice}
    </div>
  );
}
