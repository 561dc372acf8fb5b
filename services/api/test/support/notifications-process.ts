/**
 * The notifications subscription as its own process, for the crash test
 * (notifications.int.spec.ts). Every call of its handler is counted in `notice_test_calls`. With
 * DIE_AT_CALL=n it kills itself (SIGKILL) right after the n-th call has written its notice, before
 * any checkpoint can cover it. SIGTERM stops it gracefully (exit 0).
 */
import { connectDb } from '../../src/db/connect';
import { startSubscriptions } from '../../src/events/subscriptions';
import { createLogger } from '../../src/logger';
import { notificationsSubscription } from '../../src/notifications/notices';

const databaseUrl = process.env.DATABASE_URL!;
const dieAtCall = Number(process.env.DIE_AT_CALL ?? 0);
const db = connectDb(databaseUrl, { max: 3 });
const notifications = notificationsSubscription({ publicUrl: 'http://localhost:3000' });
let calls = 0;

const runner = startSubscriptions({
  db,
  databaseUrl,
  logger: createLogger('notifications-test', 'warn'),
  timing: { batchSize: 50, pollMs: 200, retryFirstMs: 50, retryMaxMs: 500 },
  subscriptions: [
    {
      ...notifications,
      async handle(event, context) {
        calls++;
        await context.db('notice_test_calls').insert({ position: event.position });
        await notifications.handle(event, context);
        if (calls === dieAtCall) process.kill(process.pid, 'SIGKILL');
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
