/**
 * The browser's and the API's side of push on this device (docs/architecture/push.md): what the
 * account panel's machine is given as its actors.
 */
import { deleteJson, getJson, postJson, putJson } from '@platzbuchung/ui/api/client';
import type { PushChoiceName } from '@platzbuchung/domain/push/schemas';
import { pushTexts } from '@platzbuchung/domain/push/texts';
import type { PushAnswer, PushDevice, PushState } from './push-notifications-machine';

const PATH = '/api/account/push-subscriptions';

/** Push needs a service worker and the Push API; without a registered worker nothing can receive. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return undefined;
  }
  return navigator.serviceWorker.getRegistration();
}

/** Whether this browser can, and this device's subscription as the API keeps it for this member. */
export async function inspectPush(signal: AbortSignal): Promise<PushState> {
  const worker = await registration();
  if (!worker) return { supported: false };
  const subscription = await worker.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return { supported: true, device: null };
  const { data } = await getJson<{ data: PushDevice[] }>(PATH, signal);
  // Subscribed by another member on this browser: not this member's device until they turn it on.
  return {
    supported: true,
    device: data.find((device) => device.endpoint === subscription.endpoint) ?? null,
  };
}

/** Asks for permission, subscribes with the deployment's key and tells the API. */
export async function enablePush(): Promise<PushAnswer> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(pushTexts.permissionDenied);
  const worker = await navigator.serviceWorker.ready;
  const { data } = await getJson<{ data: { public_key: string } }>('/api/account/push-key');
  const key = Uint8Array.from(atob(data.public_key.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
    c.charCodeAt(0),
  );
  const existing = await worker.pushManager.getSubscription();
  const subscription =
    existing ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  return postJson<PushAnswer>(PATH, subscription.toJSON());
}

export const savePushChoice = (input: { endpoint: string; name: PushChoiceName; on: boolean }) =>
  putJson<PushAnswer>(PATH, { endpoint: input.endpoint, [input.name]: input.on });

/** Ends the browser's subscription and the API's row; answers the API's sentence. */
export async function disablePush(input: { endpoint: string }): Promise<string> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (subscription?.endpoint === input.endpoint) await subscription.unsubscribe();
  return (await deleteJson<{ message: string }>(PATH, { endpoint: input.endpoint })).message;
}
