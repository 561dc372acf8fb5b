/**
 * Waking up when events commit: the connection that LISTENs on the `events` channel, and the
 * alarm a reader loop sleeps on until a notification (or its poll) wakes it. The subscriptions
 * (./subscriptions) and the live stream (../live/hub) each hold one connection.
 */
import type { Logger } from 'pino';
import { listenOn } from '@platzbuchung/outbox/listen';

/** The channel the `events` trigger notifies (db/migrations/20261123000200_event_subscriptions.ts). */
export const EVENTS_CHANNEL = 'events';

export interface AppendListener {
  /** A notification: events of this club committed. */
  onNotify(clubId: string): void;
  /** (Re)connected: events may have been appended while nobody listened. */
  onOpen(): void;
}

/**
 * One connection that LISTENs for appended events, opened again after a pause when it breaks. Lives
 * outside the pool; the subscriptions runner and the live streams each hold one.
 */
export function listenForAppends(
  databaseUrl: string,
  options: { reconnectMs: number; applicationName: string; logger: Logger },
  listener: AppendListener,
): { close(): Promise<void> } {
  return listenOn(databaseUrl, EVENTS_CHANNEL, options, listener);
}

/** A sleep that a ring ends early; a ring while nobody sleeps ends the next sleep at once. */
export class Alarm {
  #rung = false;
  #wake: (() => void) | undefined;

  ring(): void {
    this.#rung = true;
    this.#wake?.();
  }

  sleep(ms: number): Promise<void> {
    if (this.#rung) {
      this.#rung = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined = undefined;
      const wake = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        this.#rung = false;
        resolve();
      };
      this.#wake = wake;
      timer = setTimeout(wake, ms);
    });
  }
}
