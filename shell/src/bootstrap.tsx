import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SERVER_RENDERED_ATTRIBUTE } from '@platzbuchung/host/contract';
import '@platzbuchung/ui/styles/tokens.css';
import '@platzbuchung/ui/styles/base.css';
import './styles/shell.css';
import { App } from './app/App';
import { openedScreenLoaded, pageBasics } from './session/session-context';

const root = document.getElementById('root');
if (!root) throw new Error('index.html hat kein Element #root');

// A transition: React renders the shell in short tasks instead of one long one. A member's page
// shows the layout's frame from its own HTML meanwhile (services/api/src/http/page-frame.ts), so
// the shell's start is no longer before the first paint, and a long task would block the page.
function renderAnew(container: HTMLElement, app: ReactNode): void {
  startTransition(() => {
    createRoot(container).render(app);
  });
}

const page = pageBasics();
// The root says it holds the server's HTML until React has taken it over (tests wait for that).
const takenOver = () => root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
const app = (
  <StrictMode>
    <App page={page} onFirstCommit={takenOver} />
  </StrictMode>
);

// A stranger's first pages come rendered by the server (services/api/src/http/painted-pages.ts):
// React takes over that HTML (hydrates it, in short tasks too) once the screen it shows has loaded,
// so its first render is the server's. Should the screen fail to load, the shell renders anew and
// the area shows its notice and retry.
if (page && root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  void openedScreenLoaded().then((loaded) => {
    if (loaded) hydrateRoot(root, app);
    else renderAnew(root, app);
  });
} else {
  renderAnew(root, app);
}

// The service worker keeps the app's files and a member's offline copy (docs/architecture/offline.md).
// Registered once the page has loaded, so its requests never compete with the first paint's.
function registerServiceWorker(): void {
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
    console.error('Der Service Worker konnte nicht registriert werden', error);
  });
}
if ('serviceWorker' in navigator) {
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
}
