/** The shell: startup splash, then the product's routes inside the fitting layout. */
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import * as texts from '@platzbuchung/domain/texts';
import { Layout } from '../layout/Layout';
import { NotFound } from '../pages/NotFound';
import { SessionContext } from '../session/session-context';
import type { Basics } from '../session/session-machine';
import { RouteGate } from './RouteGate';
import { appRoutes } from '@platzbuchung/host/routes';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';

/** `page`: what the page carries for the start, when it carries all of it (../session/session-context). */
export function App({ page }: { page: Basics | null }) {
  return (
    <SessionContext.Provider options={{ input: { page } }}>
      <Startup />
    </SessionContext.Provider>
  );
}

function Startup() {
  const starting = SessionContext.useSelector((s) => s.hasTag('starting'));
  const failed = SessionContext.useSelector((s) => s.matches('startupFailed'));
  const session = SessionContext.useActorRef();

  if (starting) {
    return (
      <div className="splash" role="status">
        <span className="spinner" aria-hidden="true" />
        {texts.startupSplash}
      </div>
    );
  }
  if (failed) {
    return (
      <main className="splash">
        <FailureNotice
          message="Die Daten konnten nicht geladen werden."
          onRetry={() => session.send({ type: 'startup.retry' })}
        />
      </main>
    );
  }
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          {appRoutes.map((route) => (
            <Route
              key={route.path}
              path={route.nested ? `${route.path}/*` : route.path}
              element={<RouteGate route={route} />}
            />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
