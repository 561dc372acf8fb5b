/**
 * The service worker (docs/architecture/offline.md). It keeps three promises:
 *
 * - The app's files load from the phone: every file whose name carries its content's hash (the
 *   shell's and the remotes' chunks, served as immutable) is kept after its first load and read
 *   from there. A release or `switch` names other files, so a page never gets files of two
 *   releases: the page and `remotes.json` always come from the network, and they name the files.
 * - Without a network, a page shows the member's own upcoming bookings as the screens last kept
 *   them ("Offline – Stand …"); no other answer of the API is ever cached.
 * - Nothing personal stays after logout: the shell deletes the copy, and so does this worker when
 *   it sees the logout or the erasure of the account go by.
 *
 * A small worker of our own rather than Workbox: the only rule beyond "hashed files, cache first"
 * is the offline page, and the remotes' files come from other origins and releases that no build
 * step can list in advance.
 */
import * as texts from '@platzbuchung/domain/texts';
import { hostPaths } from '@platzbuchung/host/contract';
import {
  OFFLINE_BOOKINGS_KEY,
  OFFLINE_CACHE,
  dropOfflineCopy,
  type OfflineCopy,
} from '@platzbuchung/ui/offline-copy';
import { offlinePage } from './offline-page';
import { openApp, openedPath, pushNotification, type AppWindows } from './push-message';

// The worker's own types: the shell's TypeScript program holds the DOM library, which cannot be
// combined with the WebWorker one, so the few parts used here are declared.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: { close(): void; readonly data: unknown };
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  readonly registration: {
    showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  readonly clients: AppWindows & { claim(): Promise<void> };
  readonly location: Location;
}
const worker = self as unknown as WorkerScope;

/** The hashed files kept; the newest this many, so old releases' files leave in time. */
const FILES_CACHE = 'platzbuchung-files';
const MAX_FILES = 400;
/** As the API's static files mark them immutable (services/api/src/http/static-files.ts). */
const HASHED_FILE = /\.[0-9a-f]{8}\.(?:js|css)$/;

/** Requests after which nothing of the member may stay in the browser. */
const FORGETTING = [
  { method: 'POST', path: '/api/logout' },
  { method: 'DELETE', path: '/api/account' },
];

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const sameOrigin = url.origin === worker.location.origin;
  if (sameOrigin && FORGETTING.some((f) => f.method === request.method && f.path === url.pathname)) {
    event.waitUntil(dropOfflineCopy());
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate' && sameOrigin) event.respondWith(pageOrOffline(request));
  else if (HASHED_FILE.test(url.pathname)) event.respondWith(keptFile(request));
});

async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const copy = await offlineCopy();
    return new Response(offlinePage(copy, texts.productName, hostPaths.reservations), {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        'Cache-Control': 'no-store',
      },
    });
  }
}

async function offlineCopy(): Promise<OfflineCopy | null> {
  try {
    const kept = await (await caches.open(OFFLINE_CACHE)).match(OFFLINE_BOOKINGS_KEY);
    return kept ? ((await kept.json()) as OfflineCopy) : null;
  } catch {
    return null;
  }
}

async function keptFile(request: Request): Promise<Response> {
  const cache = await caches.open(FILES_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok && (answer.type === 'basic' || answer.type === 'cors')) {
    await cache.put(request, answer.clone());
    await trim(cache);
  }
  return answer;
}

/** Cache Storage lists keys in the order they were put: the oldest go first. */
async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_FILES))) await cache.delete(old);
}

// A push (docs/architecture/offline.md): its words come ready from the server, short and German;
// a tap opens the screen it names, in the app's window if one is open.
worker.addEventListener('push', (event) => {
  const shown = pushNotification(event.data?.json() ?? null);
  if (shown) event.waitUntil(worker.registration.showNotification(shown.title, shown.options));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = openedPath(event.notification.data);
  event.waitUntil(openApp(worker.clients, worker.location.origin, path));
});
