/**
 * The notifications subscription driven by hand, as its runner would drive it (docs/architecture/mail.md, "Notifications"):
 * a test notes the log's last position, makes a change, and hands what came after to the
 * subscription, which writes the notices' mails and pushes.
 */
import type { Knex } from 'knex';
import { EVENT_COLUMNS, toEnvelope, type EventRow } from '../../src/events/rows';
import { createLogger } from '../../src/logger';
import { notificationsSubscription } from '../../src/notifications/notices';

/** The app's address the notices link to. */
export const NOTICES_PUBLIC_URL = 'http://localhost:3000';

const subscription = notificationsSubscription({ publicUrl: NOTICES_PUBLIC_URL });
const logger = createLogger('notices-test', 'silent');

/** The log's last position; 0 when it is empty. */
export async function lastPosition(db: Knex): Promise<number> {
  return Number((await db.raw('SELECT coalesce(max(position), 0) AS p FROM events')).rows[0].p);
}

/** Hands every event after `after` to the notifications subscription. */
export async function deliverNotices(db: Knex, after: number): Promise<void> {
  const rows: EventRow[] = await db('events')
    .where('position', '>', after)
    .orderBy('position')
    .select(EVENT_COLUMNS);
  for (const row of rows) await subscription.handle(toEnvelope(row), { db, logger });
}
