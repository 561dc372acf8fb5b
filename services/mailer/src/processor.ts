import { UnrecoverableError } from 'bullmq';
import type { Knex } from 'knex';
import type { NodemailerError } from 'nodemailer';
import type { Logger } from 'pino';
import {
  InvalidConfirmationMailError,
  parseConfirmationMail,
  renderConfirmationMail,
} from './confirmation-mail';
import {
  InvalidEmailChangeMailError,
  isEmailChangeMailKind,
  parseEmailChangeMail,
  renderEmailChangeMail,
} from './email-change-mail';
import { InvalidNoticeError, parseNoticeMail, renderNoticeMail } from './notice-mail';
import type { NameOf } from '@platzbuchung/domain/mail/notices';
import { namerForMail } from '@platzbuchung/outbox/names';
import { createOutboxLedger, domainOfAddress, loadOutboxMail } from '@platzbuchung/outbox/outbox';
import type { DeliveryLedger, OutboxRow } from '@platzbuchung/outbox/outbox';
import { InvalidResetMailError, fullName, parseResetMailRequest, renderResetMail } from './reset-mail';
import type { RenderedMail } from './reset-mail';
import type { MailTransport } from './transport';
import { isUuid } from '@platzbuchung/domain/shapes';

/** What the queue carries: the outbox id and nothing else (docs/security/mail.md). */
export interface OutboxJobData {
  readonly outboxId: string;
}

/** The part of a BullMQ job the processor reads; the in-process relay builds the same shape. */
export interface OutboxMailJob {
  readonly data: unknown;
}

export type OutboxMailResult =
  | { readonly status: 'sent'; readonly messageId: string; readonly file?: string }
  | { readonly status: 'already-delivered' }
  | { readonly status: 'not-waiting' };

export type OutboxMailProcessor = (job: OutboxMailJob) => Promise<OutboxMailResult>;

/** Another process holds the send lease of this mail; try again when it has run out. */
export class SendInProgressError extends Error {
  override readonly name = 'SendInProgressError';
  constructor(readonly retryInMs: number) {
    super(`another process is sending this mail; retry in ${retryInMs} ms`);
  }
}

export interface OutboxMailProcessorDeps {
  readonly db: Knex;
  readonly transport: MailTransport;
  readonly logger: Logger;
  /** `From:` header; its domain also names the Message-ID. */
  readonly from: string;
  /** The outbox row by default; tests may watch it. */
  readonly ledger?: DeliveryLedger;
  /** Must exceed the longest possible send (the SMTP transport gives up after about 45 s). */
  readonly sendLeaseMs?: number;
}

export function parseOutboxJob(data: unknown): OutboxJobData {
  const outboxId = (data as Partial<OutboxJobData> | null)?.outboxId;
  if (!isUuid(outboxId)) {
    throw new UnrecoverableError('mail job without a valid outbox id');
  }
  return { outboxId };
}

function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

/**
 * Same mail, same Message-ID: should a mail go out twice after all, receiving systems that
 * deduplicate by Message-ID (and most mail clients' threading) show it once.
 */
export function outboxMessageId(row: Pick<OutboxRow, 'kind' | 'id'>, from: string): string {
  return `<${row.kind}-${row.id}@${domainOf(from)}>`;
}

/** A rejection the SMTP server calls final (5xx other than 503) is not worth another attempt. */
function isPermanentRejection(error: unknown): error is NodemailerError {
  return error instanceof Error && (error as NodemailerError).permanent === true;
}

/**
 * The subject and bodies of an outbox row, naming whom it names by `name` (`namerForMail`);
 * UnrecoverableError when its data cannot make a mail.
 */
export function renderOutboxRow(row: OutboxRow, name: NameOf): { rendered: RenderedMail; toName: string } {
  try {
    if (row.kind === 'password-reset') {
      const mail = parseResetMailRequest({ ...row.payload, requestId: row.id, to: row.to_address });
      return { rendered: renderResetMail(mail), toName: fullName(mail) };
    }
    if (row.kind === 'email-confirmation') {
      const mail = parseConfirmationMail(row.payload);
      return { rendered: renderConfirmationMail(mail), toName: fullName(mail) };
    }
    if (isEmailChangeMailKind(row.kind)) {
      const mail = parseEmailChangeMail(row.kind, row.payload);
      return { rendered: renderEmailChangeMail(mail), toName: fullName(mail) };
    }
    const notice = parseNoticeMail(row.kind, row.payload);
    return { rendered: renderNoticeMail(notice, name), toName: fullName(notice) };
  } catch (error) {
    if (
      error instanceof InvalidResetMailError ||
      error instanceof InvalidNoticeError ||
      error instanceof InvalidConfirmationMailError ||
      error instanceof InvalidEmailChangeMailError
    ) {
      throw new UnrecoverableError(error.message);
    }
    throw error;
  }
}

const markAttempts = 3;

/**
 * Reads one outbox mail, renders and sends it, and records the delivery in its row. A plain async
 * function of the job, so the BullMQ worker and the in-process relay share it. Throws
 * UnrecoverableError for what no retry can fix, plain Errors otherwise. Logs name the kind of
 * mail and the recipient's domain, never the address, the link or the token.
 */
export function createOutboxMailProcessor({
  db,
  transport,
  logger,
  from,
  ledger = createOutboxLedger(db),
  sendLeaseMs = 120_000,
}: OutboxMailProcessorDeps): OutboxMailProcessor {
  return async function processOutboxMail(job) {
    const { outboxId } = parseOutboxJob(job.data);
    const row = await loadOutboxMail(db, outboxId);
    if (!row) throw new UnrecoverableError('no outbox row for this job');
    const log = logger.child({ outboxId, kind: row.kind, recipientDomain: domainOfAddress(row.to_address) });
    if (row.status === 'sent') {
      log.info('mail was delivered before; not sending again');
      return { status: 'already-delivered' };
    }
    if (row.status === 'failed') {
      // Only a retry (which sets it waiting again) may send a failed mail.
      log.info('mail has failed for good; not sending');
      return { status: 'not-waiting' };
    }
    const { rendered, toName } = renderOutboxRow(row, await namerForMail(db, row.payload));
    const messageId = outboxMessageId(row, from);

    const claim = await ledger.claim(outboxId, sendLeaseMs);
    if (claim.kind === 'delivered') {
      log.info('mail was delivered before; not sending again');
      return { status: 'already-delivered' };
    }
    if (claim.kind === 'busy') throw new SendInProgressError(claim.retryInMs);

    let receipt;
    try {
      receipt = await transport.send({
        from,
        to: { name: toName, address: row.to_address },
        ...rendered,
        messageId,
        key: `${row.kind}-${row.id}`,
      });
    } catch (error) {
      await ledger.release(outboxId, claim.token).catch((releaseError: unknown) => {
        // The lease then runs out on its own; only the next attempt is later.
        log.warn({ err: releaseError }, 'could not release the send lease');
      });
      if (isPermanentRejection(error)) {
        throw new UnrecoverableError(
          `SMTP server rejected the mail for good: ${error.response ?? error.message}`,
        );
      }
      throw error instanceof Error ? error : new Error(String(error));
    }

    // The mail is out. Throwing now would make BullMQ send it again, so try hard to record it and
    // otherwise only log: the job still completes, which is what keeps it from running again.
    for (let attempt = 1; attempt <= markAttempts; attempt++) {
      try {
        await ledger.markDelivered(outboxId, receipt.messageId);
        break;
      } catch (error) {
        if (attempt === markAttempts) {
          log.error({ err: error }, 'mail sent but not recorded as delivered; a rerun would send it again');
        } else {
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    }

    if (receipt.file) {
      log.info({ file: receipt.file }, 'mail written to file');
      return { status: 'sent', messageId: receipt.messageId, file: receipt.file };
    }
    log.info({ messageId: receipt.messageId, response: receipt.response }, 'mail sent');
    return { status: 'sent', messageId: receipt.messageId };
  };
}
