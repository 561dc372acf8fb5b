import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MailList, MailListItem, MailStatus } from '@platzbuchung/domain/mail/notices';
import type { PushList } from '@platzbuchung/domain/push/outbox-list';
import { clubMailsMachine, type ClubNotices } from '../src/features/club-mails/club-mails-machine';

const notice = (id: string, status: MailStatus): MailListItem => ({
  id,
  kind: 'booking-cancelled',
  status,
  recipientDomain: 'example.de',
  recipientName: 'Steffi Graf',
  attempts: status === 'failed' ? 5 : 0,
  lastError: status === 'failed' ? 'SMTP 451' : null,
  createdAt: '2026-11-23T10:00:00.000Z',
  sentAt: status === 'sent' ? '2026-11-23T10:00:05.000Z' : null,
  failedAt: status === 'failed' ? '2026-11-23T10:05:00.000Z' : null,
});

const countsOf = (data: MailListItem[]) => ({
  waiting: data.filter((n) => n.status === 'waiting').length,
  sent: data.filter((n) => n.status === 'sent').length,
  failed: data.filter((n) => n.status === 'failed').length,
  held: data.filter((n) => n.status === 'held').length,
  dropped: data.filter((n) => n.status === 'dropped').length,
});

const pushes: PushList = {
  data: [
    {
      id: 'p1',
      status: 'sent',
      title: 'Buchung abgesagt – TC Grün',
      recipientName: 'Steffi Graf',
      pushService: 'fcm.googleapis.com',
      attempts: 0,
      lastError: null,
      createdAt: '2026-11-23T10:00:00.000Z',
      sentAt: '2026-11-23T10:00:01.000Z',
      failedAt: null,
    },
  ],
  counts: { waiting: 0, sent: 1, failed: 0 },
};

function start({ refuse = null as string | null, failLoads = 0 } = {}) {
  let data = [notice('a', 'sent'), notice('b', 'failed')];
  let loads = 0;
  const retried: string[] = [];
  const actors = {
    loadNotices: fromPromise<ClubNotices>(async () => {
      loads++;
      if (loads <= failLoads) throw new Error('Keine Verbindung zum Server.');
      return { mails: { data, counts: countsOf(data) }, pushes };
    }),
    retryMail: fromPromise<MailList & { message: string }, string>(async ({ input }) => {
      retried.push(input);
      if (refuse) throw new Error(refuse);
      data = data.map((n) => (n.id === input ? { ...n, status: 'waiting', attempts: 0 } : n));
      return { message: 'Die Benachrichtigung wird erneut gesendet.', data, counts: countsOf(data) };
    }),
  };
  return { actor: createActor(clubMailsMachine.provide({ actors })).start(), retried, loads: () => loads };
}

describe('the notices machine', () => {
  it('loads the mails and the push messages, and sends a failed mail again, showing the refreshed list and the message', async () => {
    const { actor, retried } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.pushes).toEqual(pushes);
    expect(actor.getSnapshot().context.list.counts).toEqual({
      waiting: 0,
      sent: 1,
      failed: 1,
      held: 0,
      dropped: 0,
    });

    actor.send({ type: 'mail.retry', id: 'b' });
    expect(actor.getSnapshot().hasTag('retrying')).toBe(true);
    expect(actor.getSnapshot().context.retrying).toBe('b');
    await waitFor(actor, (s) => s.matches('ready'));

    expect(retried).toEqual(['b']);
    const { context } = actor.getSnapshot();
    expect(context.list.counts).toEqual({ waiting: 1, sent: 1, failed: 0, held: 0, dropped: 0 });
    expect(context.message).toBe('Die Benachrichtigung wird erneut gesendet.');
    expect(context.retrying).toBeNull();
    // A mail's retry answers the mails only: the push messages stay as loaded.
    expect(context.pushes).toEqual(pushes);
  });

  it('sends nothing for a notice that has not failed, or while another retry runs', async () => {
    const { actor, retried } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'mail.retry', id: 'a' });
    actor.send({ type: 'mail.retry', id: 'unbekannt' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);

    actor.send({ type: 'mail.retry', id: 'b' });
    actor.send({ type: 'mail.retry', id: 'b' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(retried).toEqual(['b']);
  });

  it('shows the server refusal and keeps the list', async () => {
    const { actor } = start({
      refuse: 'Diese fehlgeschlagene Benachrichtigung gibt es in Ihrem Verein nicht.',
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'mail.retry', id: 'b' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.retrying === null);
    const { context } = actor.getSnapshot();
    expect(context.error).toBe('Diese fehlgeschlagene Benachrichtigung gibt es in Ihrem Verein nicht.');
    expect(context.list.data.map((n) => n.status)).toEqual(['sent', 'failed']);
  });

  it('a failed load offers a retry that loads again; reload asks the server anew', async () => {
    const { actor, loads } = start({ failLoads: 1 });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('Keine Verbindung zum Server.');
    actor.send({ type: 'mails.retryLoad' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'mails.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads()).toBe(3);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
