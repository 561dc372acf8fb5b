import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOutboxMail } from '@platzbuchung/outbox/outbox';
import { readConfig } from '../src/config';
import { startHousekeeping } from '../src/housekeeping';
import { createLogger } from '../src/logger';
import { createTestDatabase } from './support/test-api';

const DAY_MS = 24 * 3600 * 1000;
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** A mail to Anna, set to `status` that many days ago. */
async function mailFrom(daysAgo: number, status: 'sent' | 'failed' | 'waiting'): Promise<string> {
  const id = await insertOutboxMail(database.db, {
    kind: 'membership-approved',
    to: 'anna.alt@example.de',
    recipientConfirmed: true,
    toName: 'Anna Alt',
    payload: {
      firstName: 'Anna',
      lastName: 'Alt',
      link: 'http://localhost:3000/',
      facts: { kind: 'membership-approved', clubName: 'TC' },
    },
  });
  const at = new Date(Date.now() - daysAgo * DAY_MS);
  const when = status === 'sent' ? { sent_at: at } : status === 'failed' ? { failed_at: at } : {};
  await database
    .db('mail_outbox')
    .where({ id })
    .update({ status, created_at: at, ...when });
  return id!;
}

const bodyOf = (id: string) => database.db('mail_outbox').where({ id }).first('payload', 'to_name');

describe('MAIL_RETENTION_DAYS', () => {
  it('is 30 days unless set, and must be a whole number of days', () => {
    expect(readConfig({}).mailRetentionDays).toBe(30);
    expect(readConfig({ MAIL_RETENTION_DAYS: '7' }).mailRetentionDays).toBe(7);
    expect(() => readConfig({ MAIL_RETENTION_DAYS: 'bald' })).toThrow(/MAIL_RETENTION_DAYS/);
  });

  it('housekeeping empties the body of mails sent or failed longer ago, and keeps the others', async () => {
    const oldSent = await mailFrom(31, 'sent');
    const oldFailed = await mailFrom(40, 'failed');
    const recent = await mailFrom(29, 'sent');
    const waiting = await mailFrom(45, 'waiting');
    const stop = startHousekeeping(database.db, createLogger('test', 'silent'), { mailRetentionDays: 30 });
    try {
      await expect.poll(() => bodyOf(oldSent)).toEqual({ payload: {}, to_name: '' });
      expect(await bodyOf(oldFailed)).toEqual({ payload: {}, to_name: '' });
      expect((await bodyOf(recent))!.to_name).toBe('Anna Alt');
      expect((await bodyOf(waiting))!.to_name).toBe('Anna Alt');
    } finally {
      stop();
    }
  });
});
