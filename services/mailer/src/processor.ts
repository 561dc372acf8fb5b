import { UnrecoverableError } from 'bullmq';
import type { NodemailerError } from 'nodemailer';
import type { Logger } from 'pino';
import type { DeliveryLedger } from './delivery-ledger';
import {
  InvalidResetMailError,
  fullName,
  parseResetMailRequest,
  renderResetMail,
  resetMailJobId,
} from './reset-mail';
import type { MailTransport } from './transport';

/** The part of a BullMQ job the processor reads; the inline mailer builds the same shape. */
export interface ResetMailJob {
  readonly id?: string | undefined;
  readonly data: unknown;
}

export type ResetMailResult =
  | { readonly status: 'sent'; readonly messageId: string; readonly file?: string }
  | { readonly status: 'already-delivered'; readonly messageId: string };

export type ResetMailProcessor = (job: ResetMailJob) => Promise<ResetMailResult>;

/** Another process holds the send lease of this mail; try again when it has run out. */
export class SendInProgressError extends Error {
  override readonly name = 'SendInProgressError';
  constructor(readonly retryInMs: number) {
    super(`another process is sending this mail; retry in ${retryInMs} ms`);
  }
}

export interface ResetMailProcessorDeps {
  readonly transport: MailTransport;
  readonly logger: Logger;
  /** `From:` header; its domain also names the Message-ID. */
  readonly from: string;
  /** Without a ledger every run sends; with one a delivered mail is never sent again. */
  readonly ledger?: DeliveryLedger;
  /** Must exceed the longest possible send (the SMTP transport gives up after about 45 s). */
  readonly sendLeaseMs?: number;
}

function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

/**
 * Same job, same Message-ID: should a mail go out twice after all, receiving systems that
 * deduplicate by Message-ID (and most mail clients' threading) show it once.
 */
export function resetMailMessageId(jobId: string, from: string): string {
  return `<${jobId}@${domainOf(from)}>`;
}

/** A rejection the SMTP server calls final (5xx other than 503) is not worth another attempt. */
function isPermanentRejection(error: unknown): error is NodemailerError {
  return error instanceof Error && (error as NodemailerError).permanent === true;
}

const markAttempts = 3;

/**
 * Renders and sends one password-reset mail. A plain async function of the job, so the BullMQ
 * worker and the in-process fallback share it. Throws UnrecoverableError for what no retry can fix,
 * plain Errors otherwise.
 */
export function createResetMailProcessor({
  transport,
  logger,
  from,
  ledger,
  sendLeaseMs = 120_000,
}: ResetMailProcessorDeps): ResetMailProcessor {
  return async function processResetMail(job) {
    let mail;
    try {
      mail = parseResetMailRequest(job.data);
    } catch (error) {
      if (error instanceof InvalidResetMailError) throw new UnrecoverableError(error.message);
      throw error;
    }
    const jobId = job.id ?? resetMailJobId(mail.requestId);
    const messageId = resetMailMessageId(jobId, from);
    const log = logger.child({ jobId });

    const claim = ledger ? await ledger.claim(jobId, sendLeaseMs) : undefined;
    if (claim?.kind === 'delivered') {
      log.info({ messageId }, 'reset mail was delivered before; not sending again');
      return { status: 'already-delivered', messageId };
    }
    if (claim?.kind === 'busy') throw new SendInProgressError(claim.retryInMs);
    const token = claim?.kind === 'claimed' ? claim.token : undefined;

    const rendered = renderResetMail(mail);
    let receipt;
    try {
      receipt = await transport.send({
        from,
        to: { name: fullName(mail), address: mail.to },
        ...rendered,
        messageId,
        key: jobId,
      });
    } catch (error) {
      if (ledger && token) {
        await ledger.release(jobId, token).catch((releaseError: unknown) => {
          // The lease then runs out on its own; only the next attempt is later.
          log.warn({ err: releaseError }, 'could not release the send lease');
        });
      }
      if (isPermanentRejection(error)) {
        throw new UnrecoverableError(
          `SMTP server rejected the mail for good: ${error.response ?? error.message}`,
        );
      }
      throw error instanceof Error ? error : new Error(String(error));
    }

    if (ledger && token) {
      // The mail is out. Throwing now would make BullMQ send it again, so try hard to record it and
      // otherwise only log: the job still completes, which is what keeps it from running again.
      for (let attempt = 1; attempt <= markAttempts; attempt++) {
        try {
          await ledger.markDelivered(jobId, token);
          break;
        } catch (error) {
          if (attempt === markAttempts) {
            log.error({ err: error }, 'mail sent but not recorded as delivered; a rerun would send it again');
          } else {
            await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
          }
        }
      }
    }

    if (receipt.file) {
      // The development transport: the link in the log saves opening the file.
      log.info({ file: receipt.file, link: mail.resetUrl }, 'reset mail written to file');
      return { status: 'sent', messageId: receipt.messageId, file: receipt.file };
    }
    log.info({ messageId: receipt.messageId, response: receipt.response }, 'reset mail sent');
    return { status: 'sent', messageId: receipt.messageId };
  };
}
