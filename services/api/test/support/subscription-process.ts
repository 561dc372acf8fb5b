/**
 * A subscriptions runner as its own process, for the crash test (subscriptions-crash.int.spec.ts).
 * Its one subscription, `crash-test`, records every call of its handler in
 * `subscription_test_calls` and its effect, idempotently by event position, in
 * `subscription_test_effects`. With DIE_AT_CALL=n it kills itself (SIGKILL) right after the n-th
 * call's effect, before any checkpoint can cover it. SIGTERM stops it gracefully (exit 0).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { connectDb } from '../../src/db/connect';
import { startSubscriptions } from '../../src/events/subscriptions';
import { createLogger } from '../../src/logger';

const databaseUrl = process.env.DATABASE_URL!;
const dieAtCall = Number(process.env.DIE_AT_CALL ?? 0);
const db = connectDb(databaseUrl, { max: 3 });
let calls = 0;

const runner = startSubscriptions({
  db,
  databaseUrl,
  logger: createLogger('subscription-test', 'warn'),
  timing: { batchSize: 20, pollMs: 200, retryFirstMs: 50, retryMaxMs: 500 },
  subscriptions: [
    {
      name: 'crash-test',
      async handle(event, context) {
        calls++;
        await context.db('subscription_test_calls').insert({ position: event.position });
        await context.db.raw(
          'INSERT INTO subscription_test_effects (position) VALUES (?) ON CONFLICT (position) DO NOTHING',
          [event.position],
        );
        if (calls === dieAtCall) process.kill(process.pid, 'SIGKILL');
        // A little work per event, so a kill from outside lands in the middle of the stream.
        await sleep(5);
      },
    },
  ],
});

process.once('SIGTERM', () => {
  void runner
    .stop()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
