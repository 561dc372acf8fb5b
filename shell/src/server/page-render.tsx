/**
 * Renders an anonymous page's app on the server (the API calls it, docs/architecture/first-visit.md,
 * "Pages painted from their HTML"): the same tree the browser's first render makes from the same
 * basics, so the HTML paints before any script has run and React hydrates it instead of drawing it
 * again. Only the router is the server's (at the page's path); the remotes' screens are handed over.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '../app/App';
import type { Basics } from '../session/session-machine';
import { provideScreens, type RemoteScreen } from './federation';

export interface PageRenderInput {
  /** The page's path, without a query. */
  path: string;
  /** What the page carries for the start: configuration, clubs and no user. */
  basics: Basics;
  /** The remote whose screens `screens` are, by exposed name. */
  remote: string;
  screens: Record<string, RemoteScreen>;
}

/**
 * The root's inner HTML. `prerender` waits for every suspended part (the privacy notice's text), so
 * the HTML is whole and carries no script of React's to finish it.
 */
export async function renderPage({ path, basics, remote, screens }: PageRenderInput): Promise<string> {
  provideScreens(remote, screens);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const { prelude } = await prerender(
    <StrictMode>
      <App page={basics} Router={Router} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
