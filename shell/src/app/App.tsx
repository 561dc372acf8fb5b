/** The shell: startup splash, then the product's routes inside the fitting layout. */
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import * as texts from '@platzbuchung/domain/texts';
import { Layout } from '../layout/Layout';
import { NotFound } from '../pages/NotFound';
import { SessionContext } from '../session/session-context';
import type { Basics } from '../session/session-machine';
import { RouteGate } from './RouteGate';
import { appRoutes } from '@platzbuchung/host/routes';
import { FailureNotice } from '@platzbuchung/ui/components/failure-notice';

type Router = ComponentType<{ children: ReactNode }>;

interface AppProps {
  /** What the page carries for the start, when it carries all of it (../session/session-context). */
  page: Basics | null;
  /** The browser's history; the server renders at one path instead (../server/page-render). */
  Router?: Router;
  /** Called once the app's first render is on the page (hydrated or drawn anew). */
  onFirstCommit?: () => void;
}

export function App({ page, Router = BrowserRouter, onFirstCommit }: AppProps) {
  useEffect(() => onFirstCommit?.(), [onFirstCommit]);
  return (
    <SessionContext.Provider options={{ input: { page } }}>
      <Startup Router={Router} />
    </SessionContext.Provider>
  );
}

function Startup({ Router }: { Router: Router }) {
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
    <Router>
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
    </Router>
  );
}
