/** Applies a route's guard, sets the document title, and fills the route with its content. */
import { Suspense, useEffect } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { hostPaths } from '@platzbuchung/host/contract';
import * as texts from '@platzbuchung/domain/texts';
import { Impressum } from '../pages/Impressum';
import { Privacy } from '../pages/Privacy';
import { RemoteArea } from '../remotes/RemoteArea';
import { SessionContext } from '../session/session-context';
import { membershipNotice, redirectFor, type AppRoute } from '@platzbuchung/host/routes';
import { useHost } from './use-host';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} – ${texts.productName}`;
  }, [title]);
}

export function RouteGate({ route }: { route: AppRoute }) {
  const auth = SessionContext.useSelector((s) => s.context.auth);
  const host = useHost();
  useDocumentTitle(route.title);

  const redirect = redirectFor(route.access, auth);
  if (redirect) return <Navigate to={redirect} replace />;

  const notice = membershipNotice(route, auth, host.club?.name ?? 'Ihrem Verein');
  if (notice) return <MembershipNotice text={notice} />;

  const { content } = route;
  if (content.kind === 'page') {
    if (content.page === 'impressum') return <Impressum />;
    // The privacy notice's text loads when the page is opened (../pages/Privacy).
    return (
      <Suspense fallback={null}>
        <Privacy />
      </Suspense>
    );
  }
  return <RemoteArea remote={content.remote} module={content.module} host={host} />;
}

/** In place of the club's screens for a member who is pending or inactive. */
function MembershipNotice({ text }: { text: string }) {
  return (
    <section className="page">
      <div className="page__card membership-notice">
        <h1>Mitgliedschaft</h1>
        <p role="status">{text}</p>
        <p>
          <Link to={hostPaths.profile}>Zu Ihrem Konto</Link>
        </p>
      </div>
    </section>
  );
}
