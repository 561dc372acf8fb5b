/**
 * The mailer's push loop (docs/architecture/push.md, "Sending"): every second, and at once after a
 * pass that found work, it sends the due push messages of the outbox.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { sendDuePushes } from '@platzbuchung/outbox/push-outbox';
import { throttled, UNDEFINED_TABLE } from './throttled-warning';

const PASS_MS = 1000;

export interface PushSender {
  close(): Promise<void>;
}

export function startPushSender(db: Knex, logger: Logger, subject: string): PushSender {
  const warn = throttled(logger);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    let again = false;
    try {
      const result = await sendDuePushes(db, { subject });
      const done = result.sent + result.retried + result.failed + result.removed;
      if (done > 0) logger.info(result, 'push messages sent');
      again = done > 0;
    } catch (err) {
      // The database or the keys are not there yet: the next pass tries again, the log hears once.
      if ((err as { code?: string }).code === UNDEFINED_TABLE) {
        warn(new Error('no push_outbox table yet'), 'waiting for the API to migrate the database');
      } else warn(err, 'push pass failed');
    }
    if (!stopped) timer = setTimeout(() => (running = pass()), again ? 0 : PASS_MS);
  };
  running = pass();
  return {
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
