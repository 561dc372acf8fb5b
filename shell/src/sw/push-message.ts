/**
 * What a push shows and where a tap on it leads (docs/architecture/offline.md). The server sends
 * `{title, body, url}` with its words ready; anything else shows nothing, and a tap only ever opens
 * a page of this app, never another site a message might name.
 */
import { hostPaths } from '@platzbuchung/host/contract';

interface PushMessage {
  title: string;
  body: string;
  url: string;
}

function isPushMessage(value: unknown): value is PushMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { title, body, url } = value as Record<string, unknown>;
  return typeof title === 'string' && typeof body === 'string' && typeof url === 'string';
}

/**
 * The path of the app a tap opens: the path and query of the message's address (the server sends
 * the app's full address; only its path is kept, so no message can send the member elsewhere),
 * else the grid.
 */
export function openedPath(data: unknown): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || url === '') return hostPaths.reservations;
  try {
    const parsed = new URL(url, 'https://app.invalid');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return hostPaths.reservations;
  }
}

/** The notification a push shows, or null for a message that is not ours. */
export function pushNotification(
  data: unknown,
): { title: string; options: NotificationOptions & { data: { url: string } } } | null {
  if (!isPushMessage(data)) return null;
  return {
    title: data.title,
    options: {
      body: data.body,
      lang: 'de',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: openedPath(data) },
    },
  };
}

/** The worker's windows, as much of `Clients` as a tap needs. */
export interface AppWindows {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<AppWindow[]>;
  openWindow(url: string): Promise<unknown>;
}
interface AppWindow {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/**
 * A tap on a notification: the app's window, if one is open, goes to `path` and comes to the
 * front; else a new window opens there. A window of another site is never reused.
 */
export async function openApp(windows: AppWindows, origin: string, path: string): Promise<void> {
  const target = new URL(path, origin).href;
  const open = (await windows.matchAll({ type: 'window', includeUncontrolled: true })).find(
    (client) => new URL(client.url).origin === origin,
  );
  if (open) {
    await open.navigate(target);
    await open.focus();
  } else await windows.openWindow(target);
}
