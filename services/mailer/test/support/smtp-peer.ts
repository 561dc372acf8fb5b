import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerSession } from 'smtp-server';

export interface DataPhase {
  /** 1 for the first DATA this peer sees. */
  readonly attempt: number;
  readonly session: SMTPServerSession;
  /** Resolves when the client's connection is gone. */
  readonly sessionClosed: Promise<void>;
}

export interface SmtpPeerOptions {
  /** Answer the first n DATA phases with 451 (try again later). */
  readonly refuseFirst?: number;
  /** Answer RCPT TO with this code (e.g. 550) for every recipient. */
  readonly rejectRecipients?: number;
  /** The reply to DATA waits until this resolves: simulates a slow server, lets a test act mid-send. */
  readonly holdData?: (phase: DataPhase) => Promise<void>;
}

export interface AcceptedMail {
  readonly parsed: ParsedMail;
  readonly raw: Buffer;
  readonly acceptedAt: number;
}

export interface SmtpPeer {
  readonly url: string;
  readonly accepted: AcceptedMail[];
  /** How many DATA phases arrived, accepted or not. */
  dataPhases(): number;
  waitForMails(count: number, timeoutMs?: number): Promise<AcceptedMail[]>;
  close(): Promise<void>;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * A real SMTP server on a random port. Like a real MTA it commits a message only when it answers
 * 250 on an open connection: a client that disappears before that answer has delivered nothing.
 */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const accepted: AcceptedMail[] = [];
  const closedSessions = new Map<string, () => void>();
  const closedPromises = new Map<string, Promise<void>>();
  let phases = 0;
  const waiters = new Set<() => void>();

  const sessionClosed = (id: string): Promise<void> => {
    let promise = closedPromises.get(id);
    if (!promise) {
      promise = new Promise<void>((resolve) => closedSessions.set(id, resolve));
      closedPromises.set(id, promise);
    }
    return promise;
  };
  const isClosed = async (id: string): Promise<boolean> => {
    const marker = Symbol('open');
    return (await Promise.race([sessionClosed(id), Promise.resolve(marker)])) !== marker;
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onConnect(session, callback) {
      void sessionClosed(session.id);
      callback();
    },
    onClose(session) {
      void sessionClosed(session.id);
      closedSessions.get(session.id)?.();
    },
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipients) {
        callback(smtpError(options.rejectRecipients, 'No such user here'));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const attempt = ++phases;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          if (options.refuseFirst && attempt <= options.refuseFirst) {
            callback(smtpError(451, 'Try again later'));
            return;
          }
          if (options.holdData) {
            await options.holdData({ attempt, session, sessionClosed: sessionClosed(session.id) });
          }
          if (await isClosed(session.id)) return; // nobody left to answer 250 to: not delivered
          const raw = Buffer.concat(chunks);
          accepted.push({ parsed: await simpleParser(raw), raw, acceptedAt: Date.now() });
          callback();
          for (const wake of waiters) wake();
        })();
      });
    },
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    dataPhases: () => phases,
    async waitForMails(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (accepted.length < count) {
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`expected ${count} mail(s), got ${accepted.length} after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 200));
          waiters.add(wake);
        });
      }
      return accepted.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
