/** Applies a route's guard, sets the document title, and fills the route with its content. */
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { texts } from '@platzbuchung/domain/texts';
import { Impressum } from '../pages/Impressum';
import { RemoteArea } from '../remotes/RemoteArea';
import { SessionContext } from '../session/session-context';
import { redirectFor, type AppRoute } from './routes';
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

  const { content } = route;
  if (content.kind === 'page') return <Impressum />;
  return <RemoteArea remote={content.remote} module={content.module} host={host} />;
}
