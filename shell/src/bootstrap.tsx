import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@platzbuchung/ui/styles/tokens.css';
import '@platzbuchung/ui/styles/base.css';
import './styles/shell.css';
import { App } from './app/App';
import { pageBasics } from './session/session-context';

const root = document.getElementById('root');
if (!root) throw new Error('index.html hat kein Element #root');

// A transition: React renders the shell in short tasks instead of one long one. A member's page
// shows the layout's frame from its own HTML meanwhile (services/api/src/http/page-frame.ts), so
// the shell's start is no longer before the first paint, and a long task would block the page.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App page={pageBasics()} />
    </StrictMode>,
  );
});

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
